import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, ProgressSpinner } from '../../components/ui';
import { claimAccount, useClaimInfo } from '../../api/claims/claim-query';
import { ApiError } from '../../api/errors';
import { formFieldErrors, useFormError } from '../../hooks/useFormError';
import { paths, to } from '../../app/paths';
import { useSession } from '../../app/session';
import { Field } from '../../components/Field';
import { useFeedback } from '../../components/Feedback';
import { usePageTitle } from '../../hooks/usePageTitle';
import { fullTime } from '../../utils/time';
import { checkEmail, checkPassword, compact, type Errors } from '../../utils/validation';

/** The card of a link that does not work (expired, used, or never was). */
function ClaimFailed() {
  const { t } = useTranslation();
  return (
    <section className="card auth-card" aria-labelledby="claim-failed-title">
      <h1 id="claim-failed-title">{t('claims.failed_title')}</h1>
      <p>{t('claims.failed_body')}</p>
      <Link to={paths.home}>{t('common.back_home')}</Link>
    </section>
  );
}

/**
 * /users/claim?code=: an admin's one-time link to an imported account. Shows the account, asks
 * for an email address and a password (the rules of sign-up), takes the account over and logs in
 * as it, landing on its profile. An expired or used link shows the failed card.
 */
export default function ClaimPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('claims.page_title'));
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const info = useClaimInfo(code);
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { signIn } = useSession();
  const [email, setEmail] = useState('');
  const [pass, setPass] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const showError = useFormError(setErrors);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  if (!code || failed || info.isError) return <ClaimFailed />;
  if (!info.data) {
    return (
      <section className="card auth-card" aria-busy="true">
        <ProgressSpinner style={{ width: 40, height: 40 }} aria-label={t('common.loading')} />
        <p>{t('claims.checking')}</p>
      </section>
    );
  }
  const account = info.data;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = compact({
      e_mail: checkEmail(t, email),
      pass: checkPassword(t, pass),
      pass_again: pass !== again ? t('form.password_mismatch') : undefined,
    });
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const payload = await claimAccount({ code, e_mail: email.trim(), pass });
      await signIn(payload);
      feedback.toast('success', t('claims.done', { name: payload.display_name }));
      navigate(to.user(payload.username), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 403 && !Object.keys(formFieldErrors(err)).length) setFailed(true);
      else showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card auth-card" aria-labelledby="claim-title">
      <h1 id="claim-title">{t('claims.title')}</h1>
      <p>{account.site ? t('claims.intro', { site: account.site }) : t('claims.intro_no_site')}</p>
      <div className="claim-account" role="group" aria-label={t('claims.account_label')}>
        <p>
          <strong>{account.display_name}</strong> <span className="muted">@{account.username}</span>
        </p>
        <p className="muted small">
          {t('claims.reputation', { count: account.rank })} · {t('claims.questions', { count: account.question_count })} ·{' '}
          {t('claims.answers', { count: account.answer_count })}
        </p>
      </div>
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
      <p className="muted small">{t('claims.expires', { date: fullTime(account.expires_at, i18n.language) })}</p>
    </section>
  );
}
