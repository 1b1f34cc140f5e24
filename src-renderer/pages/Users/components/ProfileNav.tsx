import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { to } from '../../../app/paths';
import { OWNER_TABS, visibleTabs, type ProfileTab } from './tabs';
import { Icon } from '../../../components/Icon';

/** The profile's tabs as links (the tab lives in the address); owner-only tabs show to the owner alone. */
export function ProfileNav({ username, current, self }: { username: string; current: ProfileTab; self: boolean }) {
  const { t } = useTranslation();
  return (
    <nav className="profile-tabs" aria-label={t('people.tabs_label')}>
      {visibleTabs(self).map((tab) => (
        <Link
          key={tab}
          to={to.user(username, tab === 'overview' ? undefined : tab)}
          className={tab === current ? 'profile-tab active' : 'profile-tab'}
          aria-current={tab === current ? 'page' : undefined}
          title={OWNER_TABS.includes(tab) ? t('people.only_you') : undefined}
        >
          {OWNER_TABS.includes(tab) && <Icon name="lock" />}
          {t(`people.tab_${tab}`)}
        </Link>
      ))}
    </nav>
  );
}
