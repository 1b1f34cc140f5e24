import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { ErrorPage } from '../../components/ErrorPage';
import { PostHtml } from '../../components/PostHtml';
import { useLegal } from '../../api/site/siteinfo-query';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useDelayed } from '../../hooks/useDelayed';

/** /tos and /privacy from GET siteinfo/legal (HTML sanitised by the server). */
export default function LegalPage({ type }: { type: 'tos' | 'privacy' }) {
  const { t } = useTranslation();
  const q = useLegal(type);
  const showSpinner = useDelayed(q.isLoading);
  const title = type === 'tos' ? t('page_title.tos') : t('page_title.privacy');
  usePageTitle(title);
  const html = type === 'tos' ? q.data?.terms_of_service_parsed_text : q.data?.privacy_policy_parsed_text;
  return (
    <article className="card legal" aria-labelledby="legal-title">
      <h1 id="legal-title">{title}</h1>
      {showSpinner && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} />}
      {/* the admin's text is rendered as posts are: its headings stay below the page's title */}
      {html && <PostHtml html={html} />}
    </article>
  );
}

// The names a content page may go by: the site's legal documents.
const CONTENT: Record<string, 'tos' | 'privacy'> = {
  tos: 'tos',
  terms: 'tos',
  'terms-of-service': 'tos',
  privacy: 'privacy',
  'privacy-policy': 'privacy',
};

/** /content/{body}: a content page of the site by name (its terms or privacy policy); any other name is the 404 page. */
export function ContentPage() {
  const { body = '' } = useParams();
  const type = Object.hasOwn(CONTENT, body) ? CONTENT[body] : undefined;
  return type ? <LegalPage type={type} /> : <ErrorPage kind={404} />;
}
