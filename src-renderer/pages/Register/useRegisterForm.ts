import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { rethrowIfCaptcha } from '../../api/errors';
import { useFormError } from '../../hooks/useFormError';
import { registerByEmail } from '../../api/user/account-mutations';
import { paths } from '../../app/paths';
import { useSession } from '../../app/session';
import { useCaptcha } from '../../hooks/useCaptcha';
import { checkEmail, checkName, checkPassword, compact, type Errors } from '../../utils/validation';

/** The sign-up form's values and errors, and its submit: checks, registers (through the captcha the server asks for), signs in. */
export function useRegisterForm() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const captcha = useCaptcha('email');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [pass, setPass] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const showError = useFormError(setErrors);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = compact({ name: checkName(t, name), e_mail: checkEmail(t, email), pass: checkPassword(t, pass) });
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    await captcha
      .run(async (fields) => {
        try {
          const payload = await registerByEmail({ name: name.trim(), e_mail: email.trim(), pass, ...fields });
          await signIn(payload);
          navigate(paths.inactive, { replace: true });
        } catch (err) {
          rethrowIfCaptcha(err);
          showError(err);
        }
      })
      .finally(() => setBusy(false));
  };

  return { name, setName, email, setEmail, pass, setPass, errors, busy, submit, captcha };
}
