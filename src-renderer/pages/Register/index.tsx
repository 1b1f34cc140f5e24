import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui';
import { paths } from '../../app/paths';
import { useSession } from '../../app/session';
import { CaptchaDialog } from '../../components/CaptchaDialog';
import { Field } from '../../components/Field';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useRegisterForm } from './useRegisterForm';

/** /users/register: name, email and password; the server asks for a captcha. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { site } = useSession();
  const form = useRegisterForm();
  const { errors } = form;
  usePageTitle(t('page_title.signup'));

  if (!site.login.allow_email_registrations) {
    return (
      <section className="card auth-card">
        <h1>{t('signup.title', { site: site.general.name })}</h1>
        <p>{t('signup.closed')}</p>
      </section>
    );
  }

  return (
    <section className="card auth-card" aria-labelledby="signup-title">
      <h1 id="signup-title">{t('signup.title', { site: site.general.name })}</h1>
      <form onSubmit={form.submit} noValidate className="stack">
        <Field
          id="name"
          label={t('form.name')}
          value={form.name}
          onChange={form.setName}
          error={errors.name}
          hint={t('form.name_hint')}
          autoComplete="name"
          autoFocus
        />
        <Field
          id="e_mail"
          label={t('form.email')}
          type="email"
          value={form.email}
          onChange={form.setEmail}
          error={errors.e_mail}
          autoComplete="email"
        />
        <Field
          id="pass"
          label={t('form.password')}
          type="password"
          value={form.pass}
          onChange={form.setPass}
          error={errors.pass}
          autoComplete="new-password"
        />
        <Button type="submit" label={t('signup.submit')} loading={form.busy} />
      </form>
      <p className="muted small">
        {t('signup.agreement')} <Link to={paths.tos}>{t('page_title.tos')}</Link> ·{' '}
        <Link to={paths.privacy}>{t('page_title.privacy')}</Link>
      </p>
      <p className="muted">
        {t('signup.have_account')} <Link to={paths.login}>{t('signup.login_link')}</Link>
      </p>
      <CaptchaDialog {...form.captcha.dialogProps} />
    </section>
  );
}
