import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui';
import { ApiError, rethrowIfCaptcha } from '../../api/errors';
import { useFormError } from '../../hooks/useFormError';
import { loginByEmail } from '../../api/user/account-mutations';
import { paths } from '../../app/paths';
import { useSession } from '../../app/session';
import { CaptchaDialog } from '../../components/CaptchaDialog';
import { Field } from '../../components/Field';
import { useCaptcha } from '../../hooks/useCaptcha';
import { usePageTitle } from '../../hooks/usePageTitle';
import { checkEmail, checkPassword, compact, type Errors } from '../../utils/validation';
import { MAIL_STATUS } from '../../../server/contract/enums';

/** /users/login: email and password, with the captcha after repeated failures. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { site, signIn } = useSession();
  const navigate = useNavigate();
  const captcha = useCaptcha('password');
  const [email, setEmail] = useState('');
  const [pass, setPass] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const showError = useFormError(setErrors);
  const [busy, setBusy] = useState(false);
  usePageTitle(t('page_title.login'));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = compact({ e_mail: checkEmail(t, email), pass: checkPassword(t, pass) });
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    await captcha
      .run(async (fields) => {
        try {
          const payload = await loginByEmail({ e_mail: email.trim(), pass, ...fields });
          const user = await signIn(payload);
          // an activated user is sent on by the page's guard, to the remembered page
          if (user && user.mail_status !== MAIL_STATUS.verified) navigate(paths.inactive, { replace: true });
        } catch (err) {
          rethrowIfCaptcha(err);
          if (err instanceof ApiError && err.pageType === 'suspended') navigate(paths.suspended, { state: { suspended: true } });
          else showError(err);
        }
      })
      .finally(() => setBusy(false));
  };

  return (
    <section className="card auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title', { site: site.general.name })}</h1>
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
          autoComplete="current-password"
        />
        <Button type="submit" label={t('login.submit')} loading={busy} />
      </form>
      <p className="muted">
        <Link to={paths.accountRecovery}>{t('login.forgot')}</Link>
      </p>
      {site.login.allow_new_registrations && (
        <p className="muted">
          {t('login.no_account')} <Link to={paths.register}>{t('login.signup_link')}</Link>
        </p>
      )}
      <CaptchaDialog {...captcha.dialogProps} />
    </section>
  );
}
