import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { usePageTitle } from '../../hooks/usePageTitle';

/** The home page: the site's name and description (the question list takes this route later). */
export default function HomePage() {
  const { t } = useTranslation();
  const { site } = useSession();
  usePageTitle(t('page_title.home'));
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">{t('home.welcome', { site: site.general.name })}</h1>
      {site.general.description && <p>{site.general.description}</p>}
      <p className="muted">{t('home.empty')}</p>
    </section>
  );
}
