import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui';
import { rethrowIfCaptcha } from '../../api/errors';
import { useFormError } from '../../hooks/useFormError';
import { registerByEmail } from '../../api/user/account-mutations';
import { paths } from '../../app/paths';
import { useSession } from '../../app/session';
import { CaptchaDialog } from '../../components/CaptchaDialog';
import { Field } from '../../components/Field';
import { useCaptcha } from '../../hooks/useCaptcha';
import { usePageTitle } from '../../hooks/usePageTitle';
import { checkEmail, checkName, checkPassword, compact, type Errors } from '../../utils/validation';

/** /users/register: name, email and password; the server asks for a captcha. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { site, signIn } = useSession();
  const navigate = useNavigate();
  const captcha = useCaptcha('email');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [pass, setPass] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const showError = useFormError(setErrors);
  const [busy, setBusy] = useState(false);
  usePageTitle(t('page_title.signup'));

  if (!site.login.allow_email_registrations) {
    return (
      <section className="card auth-card">
        <h1>{t('signup.title', { site: site.general.name })}</h1>
        <p>{t('signup.closed')}</p>
      </section>
    );
  }

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

  return (
    <section className="card auth-card" aria-labelledby="signup-title">
      <h1 id="signup-title">{t('signup.title', { site: site.general.name })}</h1>
      <form onSubmit={submit} noValidate className="stack">
        <Field
          id="name"
          label={t('form.name')}
          value={name}
          onChange={setName}
          error={errors.name}
          hint={t('form.name_hint')}
          autoComplete="name"
          autoFocus
        />
        <Field
          id="e_mail"
          label={t('form.email')}
          type="email"
          value={email}
          onChange={setEmail}
          error={errors.e_mail}
          autoComplete="email"
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
        <Button type="submit" label={t('signup.submit')} loading={busy} />
      </form>
      <p className="muted small">
        {t('signup.agreement')} <Link to={paths.tos}>{t('page_title.tos')}</Link> ·{' '}
        <Link to={paths.privacy}>{t('page_title.privacy')}</Link>
      </p>
      <p className="muted">
        {t('signup.have_account')} <Link to={paths.login}>{t('signup.login_link')}</Link>
      </p>
      <CaptchaDialog {...captcha.dialogProps} />
    </section>
  );
}
