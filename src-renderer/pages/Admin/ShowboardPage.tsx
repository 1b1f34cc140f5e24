import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { fetchQuestionPage } from '../../api/question/question-query';
import type { QuestionItem } from '../../api/question/types';
import { useStaff, useUserRanking } from '../../api/ranking/ranking-query';
import type { RankedUser } from '../../api/ranking/types';
import { paths, to } from '../../app/paths';
import { QuestionLinks } from '../../components/HotQuestions';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PIN_STATUS } from '../../../server/contract/enums';

const SHOWCASE_SIZE = 10;

/** Pinned questions lead every list order, so the first page of the newest list holds them all (up to a page). */
export function pinnedOf(list: QuestionItem[]): QuestionItem[] {
  return list.filter((q) => q.pin === PIN_STATUS.pinned);
}

function PeopleList({ people, empty }: { people: { username: string; display_name: string }[]; empty: string }) {
  if (people.length === 0) return <p className="admin-empty">{empty}</p>;
  return (
    <ol className="showboard-people">
      {people.map((u) => (
        <li key={u.username}>
          <Link to={to.user(u.username)}>{u.display_name || u.username}</Link>
        </li>
      ))}
    </ol>
  );
}

/**
 * /admin/showboard: what the site shows off to every visitor, in one place: the questions pinned to
 * the top of the lists, the hot questions, this week's most active members and the staff, each
 * linked to where it is managed.
 */
export default function ShowboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.showboard.title'));
  const pinned = useQuery({
    queryKey: ['admin', 'showboard', 'pinned'],
    queryFn: () => fetchQuestionPage({ order: 'newest', page: 1, page_size: 50 }),
    select: (p) => pinnedOf(p.list),
  });
  const hot = useQuery({
    queryKey: ['admin', 'showboard', 'hot'],
    queryFn: () => fetchQuestionPage({ order: 'hot', page: 1, page_size: SHOWCASE_SIZE }),
  });
  const ranking = useUserRanking();
  const staff = useStaff();
  const spinner = useDelayed(pinned.isLoading || hot.isLoading || ranking.isLoading);
  const reputation: RankedUser[] = ranking.data?.users_with_the_most_reputation ?? [];
  const voters: RankedUser[] = ranking.data?.users_with_the_most_vote ?? [];
  return (
    <div className="admin-showboard">
      <h1>{t('admin.showboard.title')}</h1>
      <p className="muted">{t('admin.showboard.intro')}</p>
      {spinner && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('admin.common.loading')} />}
      <div className="showboard-grid">
        <section className="admin-card" aria-labelledby="showboard-pinned">
          <h2 id="showboard-pinned">{t('admin.showboard.pinned')}</h2>
          <p className="muted small">{t('admin.showboard.pinned_help')}</p>
          {pinned.isSuccess &&
            (pinned.data.length === 0 ? (
              <p className="admin-empty">{t('admin.showboard.pinned_empty')}</p>
            ) : (
              <QuestionLinks list={pinned.data} />
            ))}
          <Link to={paths.adminQuestions}>{t('admin.showboard.manage_questions')}</Link>
        </section>
        <section className="admin-card" aria-labelledby="showboard-hot">
          <h2 id="showboard-hot">{t('admin.showboard.hot')}</h2>
          {hot.isSuccess &&
            (hot.data.list.length === 0 ? (
              <p className="admin-empty">{t('admin.showboard.hot_empty')}</p>
            ) : (
              <QuestionLinks list={hot.data.list} />
            ))}
        </section>
        <section className="admin-card" aria-labelledby="showboard-reputation">
          <h2 id="showboard-reputation">{t('admin.showboard.top_reputation')}</h2>
          {ranking.isSuccess && <PeopleList people={reputation} empty={t('admin.showboard.people_empty')} />}
        </section>
        <section className="admin-card" aria-labelledby="showboard-voters">
          <h2 id="showboard-voters">{t('admin.showboard.top_voters')}</h2>
          {ranking.isSuccess && <PeopleList people={voters} empty={t('admin.showboard.people_empty')} />}
        </section>
        <section className="admin-card" aria-labelledby="showboard-staff">
          <h2 id="showboard-staff">{t('admin.showboard.staff')}</h2>
          {staff.isSuccess && <PeopleList people={staff.data ?? []} empty={t('admin.showboard.people_empty')} />}
          <Link to={`${paths.adminUsers}?filter=staff`}>{t('admin.showboard.manage_staff')}</Link>
        </section>
      </div>
    </div>
  );
}
