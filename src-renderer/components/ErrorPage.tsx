import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../app/paths';
import { usePageTitle } from '../hooks/usePageTitle';
import { MaintenanceReturn } from '../pages/Admin/Backups/MaintenanceReturn';

/** 403, 404 and 50X pages with the spec's texts (or the server's message) and a way home. */
export function ErrorPage({ kind, message }: { kind: 403 | 404 | 500; message?: string }) {
  const { t } = useTranslation();
  const text = message || (kind === 403 ? t('error.forbidden') : kind === 404 ? t('error.not_found') : t('error.server'));
  usePageTitle(kind === 403 ? t('page_title.forbidden') : kind === 404 ? t('page_title.not_found') : t('page_title.server_error'));
  return (
    <section className="error-page" aria-labelledby="error-code">
      <h1 id="error-code" className="error-code">
        {kind === 500 ? '50X' : kind}
      </h1>
      <p>{text}</p>
      <Link to={paths.home} className="p-button p-button-outlined">
        {t('common.back_home')}
      </Link>
    </section>
  );
}

/** /50x: the server error page; a failed third-party sign-in lands here with its own title and message. */
export function ServerErrorPage() {
  const [params] = useSearchParams();
  const title = params.get('title')?.slice(0, 200);
  const msg = params.get('msg')?.slice(0, 1000);
  return <ErrorPage kind={500} message={msg ? (title ? `${title}: ${msg}` : msg) : undefined} />;
}

/** The maintenance page. */
export function MaintenancePage() {
  const { t } = useTranslation();
  usePageTitle(t('page_title.maintenance'));
  return (
    <section className="error-page">
      <h1>{t('page_title.maintenance')}</h1>
      <p>{t('error.maintenance')}</p>
      <MaintenanceReturn />
    </section>
  );
}
