import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, Dialog, ProgressSpinner } from '../../components/ui';
import { ADMIN_POST_PAGE_SIZE, useAdminAnswers, useAdminQuestions, usePostStatus } from '../../api/admin/content-query';
import type { AdminAnswer, AdminQuestion, PostListStatus } from '../../api/admin/types';
import { slugInLinks, to } from '../../app/paths';
import { useSession } from '../../app/session';
import { OrderTabs } from '../../components/OrderTabs';
import { Pager } from '../../components/Pager';
import { TimeAgo } from '../../components/TimeAgo';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useFeedback } from '../../components/Feedback';
import { AdminSearch, useListParams } from './AdminList';

type Kind = 'question' | 'answer';
type Change = 'close' | 'reopen' | 'delete' | 'undelete' | 'approve' | 'reject';

const FILTERS: Record<Kind, readonly PostListStatus[]> = {
  question: ['normal', 'closed', 'deleted', 'pending'],
  answer: ['normal', 'deleted', 'pending'],
};

/** The status changes a post in a list offers, and what each sends. */
export function postChanges(kind: Kind, status: PostListStatus): Change[] {
  switch (status) {
    case 'normal':
      return kind === 'question' ? ['close', 'delete'] : ['delete'];
    case 'closed':
      return ['reopen', 'delete'];
    case 'deleted':
      return ['undelete'];
    case 'pending':
      return ['approve', 'reject'];
  }
}
const SENDS: Record<Change, 'available' | 'closed' | 'deleted'> = {
  close: 'closed',
  reopen: 'available',
  delete: 'deleted',
  undelete: 'available',
  approve: 'available',
  reject: 'deleted',
};
const ASKS: Partial<Record<Change, 'confirm_close' | 'confirm_delete' | 'confirm_reject'>> = {
  close: 'confirm_close',
  delete: 'confirm_delete',
  reject: 'confirm_reject',
};

interface Row {
  id: string;
  title: string;
  href: string;
  excerpt?: string;
  votes: number;
  answers?: number;
  author: string;
  authorHref?: string;
  created: number;
}

/** The admin list of questions or answers with status filters, search, status changes and links to each post. */
function PostsPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const title = kind === 'question' ? t('admin.posts.questions_title') : t('admin.posts.answers_title');
  usePageTitle(title);
  const { filter, query, page, href } = useListParams(FILTERS[kind]);
  const questions = useAdminQuestions({ page, status: filter, query }, kind === 'question');
  const answers = useAdminAnswers({ page, status: filter, query }, kind === 'answer');
  const list = kind === 'question' ? questions : answers;
  const change = usePostStatus(kind);
  const spinner = useDelayed(list.isLoading);
  const [asking, setAsking] = useState<{ row: Row; change: Change } | null>(null);
  const withSlug = slugInLinks(site.site_seo?.permalink);
  const rows: Row[] =
    kind === 'question'
      ? ((questions.data?.list ?? []) as AdminQuestion[]).map((q) => ({
          id: q.id,
          title: q.title,
          href: to.question(q.id),
          votes: q.vote_count,
          answers: q.answer_count,
          author: q.user_info?.display_name ?? t('admin.posts.anonymous'),
          authorHref: q.user_info ? to.user(q.user_info.username) : undefined,
          created: q.create_time,
        }))
      : ((answers.data?.list ?? []) as AdminAnswer[]).map((a) => ({
          id: a.id,
          title: a.question_info.title,
          href: withSlug ? to.question(a.question_id, 'answer', a.id) : to.question(a.question_id, a.id),
          excerpt: a.description,
          votes: a.vote_count,
          author: a.user_info?.display_name ?? t('admin.posts.anonymous'),
          authorHref: a.user_info ? to.user(a.user_info.username) : undefined,
          created: a.create_time,
        }));

  const run = async (row: Row, c: Change) => {
    setAsking(null);
    try {
      await change.mutateAsync({ id: row.id, status: SENDS[c] });
      feedback.toast('success', t('admin.common.update_success'));
    } catch {
      /* the app's error policy shows what went wrong */
    }
  };
  const pick = (row: Row, c: Change) => (ASKS[c] ? setAsking({ row, change: c }) : void run(row, c));

  return (
    <div className="admin-posts">
      <h1 id="admin-posts-title">{title}</h1>
      <div className="admin-toolbar">
        <OrderTabs
          orders={FILTERS[kind]}
          current={filter}
          label={t('admin.posts.status_label')}
          labelOf={(f) => t(`admin.posts.status_${f}`)}
          hrefFor={(f) => href({ filter: f })}
        />
        <AdminSearch
          id={`admin-${kind}-search`}
          label={kind === 'question' ? t('admin.posts.search_questions') : t('admin.posts.search_answers')}
          value={query}
          onSearch={(q) => navigate(href({ query: q }))}
        />
      </div>
      {spinner && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('admin.common.loading')} />}
      {list.data && (
        <>
          <p className="admin-count" role="status">
            {t('admin.posts.count', { count: list.data.count })}
          </p>
          {rows.length === 0 ? (
            <p className="admin-empty">{t('admin.common.none')}</p>
          ) : (
            <table className="admin-table" aria-labelledby="admin-posts-title">
              <thead>
                <tr>
                  <th scope="col">{t('admin.posts.post')}</th>
                  <th scope="col">{t('admin.posts.votes')}</th>
                  {kind === 'question' && <th scope="col">{t('admin.posts.answers')}</th>}
                  <th scope="col">{t('admin.posts.author')}</th>
                  <th scope="col">{t('admin.posts.created')}</th>
                  <th scope="col">
                    <span className="sr-only">{t('admin.common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <Link to={r.href} className="admin-post-link">
                        {r.title}
                      </Link>
                      {r.excerpt && <p className="admin-excerpt">{r.excerpt}</p>}
                    </td>
                    <td data-label={t('admin.posts.votes')}>{r.votes}</td>
                    {kind === 'question' && <td data-label={t('admin.posts.answers')}>{r.answers}</td>}
                    <td data-label={t('admin.posts.author')}>{r.authorHref ? <Link to={r.authorHref}>{r.author}</Link> : r.author}</td>
                    <td data-label={t('admin.posts.created')}>
                      <TimeAgo seconds={r.created} />
                    </td>
                    <td className="admin-actions">
                      {postChanges(kind, filter).map((c) => (
                        <Button
                          key={c}
                          type="button"
                          size="small"
                          text
                          severity={c === 'delete' || c === 'reject' ? 'danger' : undefined}
                          label={t(`admin.posts.${c}`)}
                          aria-label={`${t(`admin.posts.${c}`)}: ${r.title}`}
                          onClick={() => pick(r, c)}
                          disabled={change.isPending}
                        />
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager page={page} pageSize={ADMIN_POST_PAGE_SIZE} total={list.data.count} hrefFor={(p) => href({ page: p })} />
        </>
      )}
      <Dialog
        header={t('admin.posts.confirm_title')}
        visible={asking !== null}
        onHide={() => setAsking(null)}
        style={{ width: 'min(28rem, 94vw)' }}
        footer={
          <div className="form-buttons dialog-buttons">
            <Button type="button" text label={t('admin.common.cancel')} onClick={() => setAsking(null)} />
            {asking && (
              <Button
                type="button"
                severity="danger"
                label={t(`admin.posts.${asking.change}`)}
                onClick={() => void run(asking.row, asking.change)}
                autoFocus
              />
            )}
          </div>
        }
      >
        {asking && ASKS[asking.change] && <p>{t(`admin.posts.${ASKS[asking.change]!}`, { title: asking.row.title })}</p>}
      </Dialog>
    </div>
  );
}

/** /admin/questions. */
export function QuestionsPage() {
  return <PostsPage kind="question" />;
}

/** /admin/answers. */
export function AnswersPage() {
  return <PostsPage kind="answer" />;
}
