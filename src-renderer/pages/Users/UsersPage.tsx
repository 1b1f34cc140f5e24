import { useTranslation } from 'react-i18next';
import { ProgressSpinner } from '../../components/ui';
import { useStaff, useUserRanking } from '../../api/ranking/ranking-query';
import type { RankedUser } from '../../api/ranking/types';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { UserCard } from './components/UserCard';
import './users.css';

function UserGrid({
  id,
  title,
  users,
  detail,
  empty,
}: {
  id: string;
  title: string;
  users: { username: string; display_name: string; avatar: string }[];
  detail(u: { username: string }): string | undefined;
  empty: string;
}) {
  return (
    <section className="users-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {users.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="user-grid" aria-labelledby={id}>
          {users.map((u) => (
            <UserCard key={u.username} user={u} detail={detail(u)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** /users: this week's top users by reputation and by votes, and the community's staff. */
export default function UsersPage() {
  const { t } = useTranslation();
  usePageTitle(t('people.users_title'));
  const ranking = useUserRanking();
  const staff = useStaff(10);
  const slow = useDelayed(ranking.isLoading || staff.isLoading);
  const byName = new Map<string, RankedUser>((ranking.data?.staffs ?? []).map((u) => [u.username, u]));
  const rankOf = (u: { username: string }, list: RankedUser[]) => list.find((x) => x.username === u.username);
  const rep = ranking.data?.users_with_the_most_reputation ?? [];
  const votes = ranking.data?.users_with_the_most_vote ?? [];
  return (
    <div className="users-page">
      <h1>{t('people.users_title')}</h1>
      <p className="muted">{t('people.users_intro')}</p>
      {slow && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} />}
      {ranking.isSuccess && (
        <>
          <UserGrid
            id="users-rep"
            title={t('people.most_reputation')}
            users={rep}
            empty={t('people.ranking_empty')}
            detail={(u) => t('people.reputation_count', { count: rankOf(u, rep)?.rank ?? 0 })}
          />
          <UserGrid
            id="users-votes"
            title={t('people.most_votes')}
            users={votes}
            empty={t('people.votes_empty')}
            detail={(u) => t('people.vote_count', { count: rankOf(u, votes)?.vote_count ?? 0 })}
          />
        </>
      )}
      {staff.isSuccess && (
        <UserGrid
          id="users-staff"
          title={t('people.staff')}
          users={staff.data ?? []}
          empty={t('people.staff_empty')}
          detail={(u) => {
            const r = byName.get(u.username);
            return r ? t('people.reputation_count', { count: r.rank }) : undefined;
          }}
        />
      )}
    </div>
  );
}
