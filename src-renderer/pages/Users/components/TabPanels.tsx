import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ProgressSpinner } from '../../../components/ui';
import { useUserBadges } from '../../../api/badge/badge-query';
import {
  useMyBookmarks,
  useMyVotes,
  useTopPosts,
  useUserAnswers,
  useUserComments,
  useUserQuestions,
  useUserReputation,
} from '../../../api/personal/personal-query';
import { PERSONAL_ORDERS, type PersonalOrder } from '../../../api/personal/types';
import type { Page } from '../../../api/types';
import { slugInLinks, to } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { OrderTabs } from '../../../components/OrderTabs';
import { Pager } from '../../../components/Pager';
import { useDelayed } from '../../../hooks/useDelayed';
import { BadgeChip } from '../../Badges/BadgeIcon';
import { AnswerRow, BookmarkRow, CommentRow, QuestionRow, RankRow, VoteRow } from './items';
import { TAB_PAGE_SIZE, type ProfileTab } from './tabs';

/** The page and order of the address. */
function usePaging() {
  const [params] = useSearchParams();
  const page = Math.max(1, Math.min(100000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const o = params.get('order');
  const order: PersonalOrder = (PERSONAL_ORDERS as readonly string[]).includes(o ?? '') ? (o as PersonalOrder) : 'newest';
  return { page, order };
}

function useWithSlug(): boolean {
  return slugInLinks(useSession().site.site_seo?.permalink);
}

/** A tab's list: its count heading, optional orders, the items or the empty message, and the pager. */
function ListPanel<T>({
  tab,
  username,
  query,
  total,
  empty,
  orders,
  render,
}: {
  tab: ProfileTab;
  username: string;
  query: { data?: Page<T> | null; isLoading: boolean; isFetching: boolean; isSuccess: boolean };
  total: string;
  empty: string;
  orders?: boolean;
  render(item: T, i: number): ReactNode;
}) {
  const { t } = useTranslation();
  const { page, order } = usePaging();
  const slow = useDelayed(query.isLoading);
  const href = (q: { order?: PersonalOrder; page?: number }) => {
    const qs = new URLSearchParams();
    if (q.order && q.order !== 'newest') qs.set('order', q.order);
    if (q.page && q.page > 1) qs.set('page', String(q.page));
    const s = qs.toString();
    return to.user(username, tab) + (s ? `?${s}` : '');
  };
  const items = query.data?.list ?? [];
  return (
    <section className="profile-panel" aria-labelledby="panel-title">
      <div className="list-tools">
        <h2 id="panel-title" className="panel-title">
          {query.data ? total : t(`people.tab_${tab}`)}
        </h2>
        {orders && (
          <OrderTabs
            orders={PERSONAL_ORDERS}
            current={order}
            label={t('people.order_label')}
            labelOf={(o) => t(`people.order_${o}`)}
            hrefFor={(o) => href({ order: o })}
          />
        )}
      </div>
      {slow && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} />}
      {query.isSuccess && items.length === 0 && (
        <div className="empty-state">
          <p>{empty}</p>
        </div>
      )}
      {items.length > 0 && (
        <ul className="p-list" aria-busy={query.isFetching} aria-labelledby="panel-title">
          {items.map(render)}
        </ul>
      )}
      {query.data && <Pager page={page} pageSize={TAB_PAGE_SIZE} total={query.data.count} hrefFor={(p) => href({ order, page: p })} />}
    </section>
  );
}

export function AnswersPanel({ username }: { username: string }) {
  const { t } = useTranslation();
  const { page, order } = usePaging();
  const withSlug = useWithSlug();
  const q = useUserAnswers({ username, page, page_size: TAB_PAGE_SIZE, order }, true);
  return (
    <ListPanel
      tab="answers"
      username={username}
      query={q}
      orders
      total={t('people.answers_total', { count: q.data?.count ?? 0 })}
      empty={t('people.empty_answers')}
      render={(a) => <AnswerRow key={a.answer_id} a={a} withSlug={withSlug} />}
    />
  );
}

export function QuestionsPanel({ username }: { username: string }) {
  const { t } = useTranslation();
  const { page, order } = usePaging();
  const withSlug = useWithSlug();
  const q = useUserQuestions({ username, page, page_size: TAB_PAGE_SIZE, order }, true);
  return (
    <ListPanel
      tab="questions"
      username={username}
      query={q}
      orders
      total={t('people.questions_total', { count: q.data?.count ?? 0 })}
      empty={t('people.empty_questions')}
      render={(x) => <QuestionRow key={x.question_id} q={x} withSlug={withSlug} />}
    />
  );
}

export function BookmarksPanel({ username }: { username: string }) {
  const { t } = useTranslation();
  const { page } = usePaging();
  const withSlug = useWithSlug();
  const q = useMyBookmarks({ username, page, page_size: TAB_PAGE_SIZE }, true);
  return (
    <ListPanel
      tab="bookmarks"
      username={username}
      query={q}
      total={t('people.bookmarks_total', { count: q.data?.count ?? 0 })}
      empty={t('people.empty_bookmarks')}
      render={(x) => <BookmarkRow key={x.id} q={x} withSlug={withSlug} />}
    />
  );
}

export function CommentsPanel({ username }: { username: string }) {
  const { t } = useTranslation();
  const { page } = usePaging();
  const withSlug = useWithSlug();
  const q = useUserComments({ username, page, page_size: TAB_PAGE_SIZE }, true);
  return (
    <ListPanel
      tab="comments"
      username={username}
      query={q}
      total={t('people.comments_total', { count: q.data?.count ?? 0 })}
      empty={t('people.empty_comments')}
      render={(c) => <CommentRow key={c.comment_id} c={c} withSlug={withSlug} />}
    />
  );
}

export function ReputationPanel({ username }: { username: string }) {
  const { t } = useTranslation();
  const { page } = usePaging();
  const withSlug = useWithSlug();
  const q = useUserReputation({ username, page, page_size: TAB_PAGE_SIZE }, true);
  return (
    <ListPanel
      tab="reputation"
      username={username}
      query={q}
      total={t('people.reputation_total', { count: q.data?.count ?? 0 })}
      empty={t('people.empty_reputation')}
      render={(r, i) => <RankRow key={`${r.object_id}-${r.created_at}-${i}`} r={r} withSlug={withSlug} />}
    />
  );
}

export function VotesPanel({ username }: { username: string }) {
  const { t } = useTranslation();
  const { page } = usePaging();
  const withSlug = useWithSlug();
  const q = useMyVotes({ username, page, page_size: TAB_PAGE_SIZE }, true);
  return (
    <ListPanel
      tab="votes"
      username={username}
      query={q}
      total={t('people.votes_total', { count: q.data?.count ?? 0 })}
      empty={t('people.empty_votes')}
      render={(v, i) => <VoteRow key={`${v.object_id}-${i}`} v={v} withSlug={withSlug} />}
    />
  );
}

export function BadgesPanel({ username }: { username: string }) {
  const { t } = useTranslation();
  const q = useUserBadges(username, false, true);
  const slow = useDelayed(q.isLoading);
  const items = q.data?.list ?? [];
  return (
    <section className="profile-panel" aria-labelledby="panel-title">
      <h2 id="panel-title" className="panel-title">
        {q.data ? t('people.badges_total', { count: q.data.count }) : t('people.tab_badges')}
      </h2>
      {slow && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} />}
      {q.isSuccess && items.length === 0 && (
        <div className="empty-state">
          <p>{t('people.empty_badges')}</p>
        </div>
      )}
      {items.length > 0 && (
        <ul className="badge-chips" aria-labelledby="panel-title">
          {items.map((b) => (
            <li key={b.id}>
              <BadgeChip badge={b} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The overview: the user's top answers and questions, and their latest badges. */
export function OverviewPanel({ username }: { username: string }) {
  const { t } = useTranslation();
  const withSlug = useWithSlug();
  const top = useTopPosts(username, true);
  const recent = useUserBadges(username, true, true);
  const slow = useDelayed(top.isLoading);
  const answers = top.data?.answer ?? [];
  const questions = top.data?.question ?? [];
  const badges = recent.data?.list ?? [];
  return (
    <div className="profile-overview">
      {slow && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} />}
      <div className="overview-grid">
        <section aria-labelledby="top-answers" className="overview-card">
          <h2 id="top-answers" className="panel-title">
            {t('people.top_answers')}
          </h2>
          {top.isSuccess && answers.length === 0 && <p className="muted">{t('people.no_answers')}</p>}
          {answers.length > 0 && (
            <ul className="p-list compact" aria-labelledby="top-answers">
              {answers.map((a) => (
                <AnswerRow key={a.answer_id} a={a} withSlug={withSlug} compact />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="top-questions" className="overview-card">
          <h2 id="top-questions" className="panel-title">
            {t('people.top_questions')}
          </h2>
          {top.isSuccess && questions.length === 0 && <p className="muted">{t('people.no_questions')}</p>}
          {questions.length > 0 && (
            <ul className="p-list compact" aria-labelledby="top-questions">
              {questions.map((q) => (
                <QuestionRow key={q.question_id} q={q} withSlug={withSlug} compact />
              ))}
            </ul>
          )}
        </section>
      </div>
      <section aria-labelledby="recent-badges" className="overview-card">
        <h2 id="recent-badges" className="panel-title">
          {t('people.recent_badges')}
        </h2>
        {recent.isSuccess && badges.length === 0 && <p className="muted">{t('people.no_badges')}</p>}
        {badges.length > 0 && (
          <ul className="badge-chips" aria-labelledby="recent-badges">
            {badges.map((b) => (
              <li key={b.id}>
                <BadgeChip badge={b} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
