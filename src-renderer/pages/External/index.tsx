import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, ProgressSpinner } from '../../components/ui';
import { bindingEmail } from '../../api/connector-login/binding-email';
import { ApiError } from '../../api/errors';
import { useFormError } from '../../hooks/useFormError';
import { setToken } from '../../api/token';
import { paths } from '../../app/paths';
import { takeRememberedPage, useSession } from '../../app/session';
import { Field } from '../../components/Field';
import { usePageTitle } from '../../hooks/usePageTitle';
import { checkEmail, compact, type Errors } from '../../utils/validation';
import { MAIL_STATUS } from '../../../server/contract/enums';

/** Stores a token handed over in the address, reloads the user and goes on as after a login (spec section 4). */
function useTokenLanding(token: string | null, failed: string) {
  const { refreshUser } = useSession();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      navigate(failed, { replace: true });
      return;
    }
    void setToken(token)
      .then(() => refreshUser(true))
      .then((user) => {
        if (!user) navigate(failed, { replace: true });
        else if (user.mail_status !== MAIL_STATUS.verified) navigate(paths.inactive, { replace: true });
        else navigate(takeRememberedPage(), { replace: true });
      });
  }, [token, failed, refreshUser, navigate]);
}

function Waiting() {
  const { t } = useTranslation();
  return (
    <section className="card auth-card" aria-busy="true">
      <ProgressSpinner style={{ width: 40, height: 40 }} aria-label={t('common.loading')} />
      <p>{t('external.signing_in')}</p>
    </section>
  );
}

/** /users/auth-landing?access_token=: a third-party login succeeded; the token becomes the session. */
export function AuthLanding() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  usePageTitle(t('page_title.auth_landing'));
  useTokenLanding(params.get('access_token'), paths.login);
  return <Waiting />;
}

/** /user-center/auth?access_token=: the user-centre agent hands a session back. */
export function UserCenterAuth() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  usePageTitle(t('page_title.auth_landing'));
  useTokenLanding(params.get('access_token'), paths.userCenterAuthFailed);
  return <Waiting />;
}

/** /user-center/auth-failed. */
export function UserCenterAuthFailed() {
  const { t } = useTranslation();
  usePageTitle(t('page_title.auth_failed'));
  return (
    <section className="card auth-card">
      <h1>{t('external.failed_title')}</h1>
      <p>{t('external.failed_body')}</p>
      <Link to={paths.login}>{t('nav.login')}</Link>
    </section>
  );
}

/**
 * /users/confirm-email?binding_key=: a third-party login brought no email. A new address makes the
 * account (then the inactive page until its mail is confirmed); an address of an existing account
 * is bound only after asking, and only once its owner opens the mailed link.
 */
export function ConfirmEmail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { refreshUser } = useSession();
  const navigate = useNavigate();
  const key = params.get('binding_key') ?? '';
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const showFieldErrors = useFormError(setErrors, { show: false });
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<'form' | 'confirm' | 'sent' | 'invalid'>(key ? 'form' : 'invalid');
  usePageTitle(t('page_title.confirm_email'));

  const send = async (must: boolean) => {
    setBusy(true);
    try {
      const r = await bindingEmail({ binding_key: key, email: email.trim(), must });
      if (r.email_exist_and_must_be_confirmed) setState('confirm');
      else if (r.access_token) {
        await setToken(r.access_token);
        const user = await refreshUser(true);
        navigate(user && user.mail_status === MAIL_STATUS.verified ? takeRememberedPage() : paths.inactive, { replace: true });
      } else setState('sent');
    } catch (err) {
      if (Object.keys(showFieldErrors(err)).length) return;
      if (err instanceof ApiError && err.reason === 'error.user.not_found') setState('invalid');
      else setErrors({ email: err instanceof Error ? err.message : t('error.generic') });
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local = compact({ email: checkEmail(t, email) });
    setErrors(local);
    if (Object.keys(local).length === 0) void send(false);
  };
  if (state === 'invalid') {
    return (
      <section className="card auth-card">
        <h1>{t('external.confirm_title')}</h1>
        <p role="alert">{t('external.link_invalid')}</p>
        <Link to={paths.login}>{t('nav.login')}</Link>
      </section>
    );
  }
  return (
    <section className="card auth-card" aria-labelledby="confirm-email-title">
      <h1 id="confirm-email-title">{t('external.confirm_title')}</h1>
      {state === 'sent' ? (
        <p role="status">{t('external.sent', { email: email.trim() })}</p>
      ) : state === 'confirm' ? (
        <>
          <p role="alert">{t('external.exists', { email: email.trim() })}</p>
          <div className="row-actions">
            <Button label={t('external.bind_anyway')} loading={busy} onClick={() => void send(true)} />
            <Button label={t('external.use_other')} outlined onClick={() => setState('form')} />
          </div>
        </>
      ) : (
        <form onSubmit={submit} noValidate className="stack">
          <p>{t('external.confirm_body')}</p>
          <Field
            id="email"
            label={t('form.email')}
            type="email"
            value={email}
            onChange={setEmail}
            error={errors.email}
            autoComplete="email"
            autoFocus
          />
          <Button type="submit" label={t('common.submit')} loading={busy} />
        </form>
      )}
    </section>
  );
}
