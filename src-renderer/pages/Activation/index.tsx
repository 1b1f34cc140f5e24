import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, ProgressSpinner } from '../../components/ui';
import { rethrowIfCaptcha } from '../../api/errors';
import { confirmEmailChange, logout, resendActivation, unsubscribe, verifyEmail } from '../../api/user/account-mutations';
import type { LoginResp } from '../../api/user/types';
import { paths } from '../../app/paths';
import { useSession } from '../../app/session';
import { CaptchaDialog } from '../../components/CaptchaDialog';
import { useFeedback } from '../../components/Feedback';
import { useCaptcha } from '../../hooks/useCaptcha';
import { usePageTitle } from '../../hooks/usePageTitle';
import { fullTime } from '../../utils/time';

/** Runs a code from an email link once, then goes where the result says. */
function useCodeLanding(run: (code: string) => Promise<LoginResp | null>, ok: string, failed: string) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code') ?? '';
    run(code)
      .then(async (payload) => {
        if (payload) await signIn(payload);
        navigate(ok, { replace: true });
      })
      .catch(() => navigate(failed, { replace: true }));
  }, [params, run, signIn, navigate, ok, failed]);
}

/** /users/account-activation?code=: activates and logs in. */
export function ActivationLanding() {
  const { t } = useTranslation();
  usePageTitle(t('page_title.activation'));
  useCodeLanding(verifyEmail, paths.activationSuccess, paths.activationFailed);
  return (
    <section className="card auth-card" aria-busy="true">
      <ProgressSpinner style={{ width: 40, height: 40 }} aria-label={t('common.loading')} />
      <p>{t('activation.checking')}</p>
    </section>
  );
}

/** /users/account-activation/success. */
export function ActivationSuccess() {
  const { t } = useTranslation();
  usePageTitle(t('page_title.activation_success'));
  return (
    <section className="card auth-card">
      <h1>{t('activation.success_title')}</h1>
      <p>{t('activation.success_body')}</p>
      <Link to={paths.home} className="p-button">
        {t('activation.continue')}
      </Link>
    </section>
  );
}

/** /users/account-activation/failed. */
export function ActivationFailed() {
  const { t } = useTranslation();
  usePageTitle(t('page_title.activation_failed'));
  return (
    <section className="card auth-card">
      <h1>{t('activation.failed_title')}</h1>
      <p>{t('activation.failed_body')}</p>
      <Link to={paths.login}>{t('nav.login')}</Link>
    </section>
  );
}

/** /users/confirm-new-email?code=: applies an email change. */
export function ConfirmNewEmail() {
  const { t } = useTranslation();
  usePageTitle(t('page_title.confirm_new_email'));
  useCodeLanding(confirmEmailChange, paths.activationSuccess, paths.activationFailed);
  return (
    <section className="card auth-card" aria-busy="true">
      <ProgressSpinner style={{ width: 40, height: 40 }} aria-label={t('common.loading')} />
      <p>{t('change_email.confirming')}</p>
    </section>
  );
}

/** /users/unsubscribe?code=. */
export function Unsubscribe() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [state, setState] = useState<'working' | 'done' | 'invalid'>('working');
  const started = useRef(false);
  usePageTitle(t('page_title.unsubscribe'));
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    unsubscribe(params.get('code') ?? '').then(
      () => setState('done'),
      () => setState('invalid'),
    );
  }, [params]);
  return (
    <section className="card auth-card">
      <h1>{t('page_title.unsubscribe')}</h1>
      <p role="status">{t(`unsubscribe.${state}`)}</p>
    </section>
  );
}

/** The inactive page: the account exists but its email is not confirmed yet. */
export function InactivePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const feedback = useFeedback();
  const captcha = useCaptcha('email');
  usePageTitle(t('page_title.inactive'));
  const resend = () =>
    captcha.run(async (fields) => {
      try {
        await resendActivation(fields);
        feedback.toast('success', t('inactive.resent'));
      } catch (err) {
        rethrowIfCaptcha(err);
        feedback.toast('error', err instanceof Error ? err.message : t('error.generic'));
      }
    });
  return (
    <section className="card auth-card">
      <h1>{t('inactive.title')}</h1>
      <p>{t('inactive.body', { email: user?.e_mail ?? '' })}</p>
      <Button label={t('inactive.resend')} onClick={() => void resend()} />
      <p className="muted">
        <Link to={paths.changeEmail}>{t('inactive.change_email')}</Link>
      </p>
      <CaptchaDialog {...captcha.dialogProps} />
    </section>
  );
}

/** /users/account-suspended. */
export function SuspendedPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  usePageTitle(t('page_title.suspended'));
  const until = user?.suspended_until ? fullTime(user.suspended_until, i18n.language) : '';
  return (
    <section className="card auth-card">
      <h1>{t('suspended.title')}</h1>
      <p>{t('suspended.body')}</p>
      {until && <p>{t('suspended.until', { date: until })}</p>}
      <Link to={paths.logout}>{t('nav.logout')}</Link>
    </section>
  );
}

/** /users/logout: ends the session and goes home. */
export function LogoutPage() {
  const { t } = useTranslation();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const started = useRef(false);
  usePageTitle(t('page_title.logout'));
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout()
      .catch(() => undefined)
      .finally(() => void signOut().then(() => navigate(paths.home, { replace: true })));
  }, [signOut, navigate]);
  return <p role="status">{t('common.loading')}</p>;
}
