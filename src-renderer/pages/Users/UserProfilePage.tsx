import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { useUserBadges } from '../../api/badge/badge-query';
import { ApiError } from '../../api/errors';
import { useProfile } from '../../api/personal/personal-query';
import type { ProfileInfo } from '../../api/personal/types';
import { useSession } from '../../app/session';
import { ErrorPage } from '../../components/ErrorPage';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ProfileHeader } from './components/ProfileHeader';
import { ProfileNav } from './components/ProfileNav';
import {
  AnswersPanel,
  BadgesPanel,
  BookmarksPanel,
  CommentsPanel,
  OverviewPanel,
  QuestionsPanel,
  ReputationPanel,
  VotesPanel,
} from './components/TabPanels';
import { OWNER_TABS, tabOf, type ProfileTab } from './components/tabs';
import './users.css';

const PANELS: Record<ProfileTab, (p: { username: string }) => ReactNode> = {
  overview: OverviewPanel,
  answers: AnswersPanel,
  questions: QuestionsPanel,
  bookmarks: BookmarksPanel,
  comments: CommentsPanel,
  reputation: ReputationPanel,
  votes: VotesPanel,
  badges: BadgesPanel,
};

/** The profile once loaded: header, tabs and the current tab's panel. */
function Profile({ info, tab, self }: { info: ProfileInfo; tab: ProfileTab; self: boolean }) {
  const { t } = useTranslation();
  const badges = useUserBadges(info.username, false, true);
  const name = t('people.profile_title', { name: info.display_name, username: info.username });
  usePageTitle(tab === 'overview' ? name : `${t(`people.tab_${tab}`)} - ${name}`);
  const Panel = PANELS[tab];
  return (
    <div className="profile-page">
      <ProfileHeader info={info} self={self} badges={badges.data?.list} />
      <ProfileNav username={info.username} current={tab} self={self} />
      <Panel username={info.username} />
    </div>
  );
}

function Loading({ username }: { username: string }) {
  const { t } = useTranslation();
  usePageTitle(username);
  const slow = useDelayed(true);
  return slow ? <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} /> : null;
}

/**
 * /users/{username} and /users/{username}/{tabName}: a user's profile. An unknown user or tab, and
 * another user's private tab (bookmarks, votes), show the 404 page at the address.
 */
export default function UserProfilePage() {
  const { username = '', tabName } = useParams();
  const { user } = useSession();
  const tab = tabOf(tabName);
  const self = !!user && user.username.toLowerCase() === username.toLowerCase();
  const allowed = tab !== null && (self || !OWNER_TABS.includes(tab));
  const profile = useProfile(allowed ? username : '');
  if (!allowed || tab === null) return <ErrorPage kind={404} />;
  if (profile.isError) {
    const err = profile.error;
    return <ErrorPage kind={err instanceof ApiError && err.status >= 500 ? 500 : 404} />;
  }
  if (!profile.data) return <Loading username={username} />;
  return <Profile info={profile.data} tab={tab} self={self} />;
}
