import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui';
import { claimAccount } from '../../api/claims/claim-query';
import { ApiError } from '../../api/errors';
import { formFieldErrors, useFormError } from '../../hooks/useFormError';
import { to } from '../../app/paths';
import { useSession } from '../../app/session';
import { Field } from '../../components/Field';
import { useFeedback } from '../../components/Feedback';
import { checkEmail, checkPassword, compact, type Errors } from '../../utils/validation';

/** Checks the claim form with sign-up's rules: a valid email, a password of 8-32, typed twice alike. */
function checkClaim(t: TFunction, email: string, pass: string, again: string): Errors {
  return compact({
    e_mail: checkEmail(t, email),
    pass: checkPassword(t, pass),
    pass_again: pass !== again ? t('form.password_mismatch') : undefined,
  });
}

/**
 * The claim's email and password: takes the account over, logs in as it and lands on its profile;
 * a refusal without field errors (the link expired or was used meanwhile) calls onFailed.
 */
export function ClaimForm({ code, onFailed }: { code: string; onFailed(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { signIn } = useSession();
  const [email, setEmail] = useState('');
  const [pass, setPass] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const showError = useFormError(setErrors);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = checkClaim(t, email, pass, again);
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const payload = await claimAccount({ code, e_mail: email.trim(), pass });
      await signIn(payload);
      feedback.toast('success', t('claims.done', { name: payload.display_name }));
      navigate(to.user(payload.username), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 403 && !Object.keys(formFieldErrors(err)).length) onFailed();
      else showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="stack">
      <Field
        id="e_mail"
        label={t('form.email')}
        type="email"
        value={email}
        onChange={setEmail}
        error={errors.e_mail}
        autoComplete="email"
        autoFocus
      />
      <Field
        id="pass"
        label={t('form.password')}
        type="password"
        value={pass}
        onChange={setPass}
        error={errors.pass}
        autoComplete="new-password"
      />
      <Field
        id="pass_again"
        label={t('form.confirm_password')}
        type="password"
        value={again}
        onChange={setAgain}
        error={errors.pass_again}
        autoComplete="new-password"
      />
      <Button type="submit" label={t('claims.submit')} loading={busy} />
    </form>
  );
}
