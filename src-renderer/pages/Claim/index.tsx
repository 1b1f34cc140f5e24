import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { useClaimInfo } from '../../api/claims/claim-query';
import { paths } from '../../app/paths';
import { usePageTitle } from '../../hooks/usePageTitle';
import { fullTime } from '../../utils/time';
import { ClaimForm } from './ClaimForm';

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
      <ClaimForm code={code} onFailed={() => setFailed(true)} />
      <p className="muted small">{t('claims.expires', { date: fullTime(account.expires_at, i18n.language) })}</p>
    </section>
  );
}
