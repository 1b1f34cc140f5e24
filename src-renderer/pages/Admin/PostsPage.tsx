import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { ADMIN_POST_PAGE_SIZE } from '../../api/admin/content-query';
import { OrderTabs } from '../../components/OrderTabs';
import { Pager } from '../../components/Pager';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { AdminSearch } from './AdminList';
import { ConfirmChangeDialog } from './Posts/ConfirmChangeDialog';
import { FILTERS, type Kind } from './Posts/post-changes';
import { PostTable } from './Posts/PostTable';
import { usePostsPage } from './Posts/usePostsPage';

export { postChanges } from './Posts/post-changes';

/** The admin list of questions or answers with status filters, search, status changes and links to each post. */
function PostsPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = kind === 'question' ? t('admin.posts.questions_title') : t('admin.posts.answers_title');
  usePageTitle(title);
  const posts = usePostsPage(kind);
  const { filter, query, page, href, list, rows } = posts;
  const spinner = useDelayed(list.isLoading);

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
            <PostTable kind={kind} filter={filter} rows={rows} busy={posts.change.isPending} onChange={posts.pick} />
          )}
          <Pager page={page} pageSize={ADMIN_POST_PAGE_SIZE} total={list.data.count} hrefFor={(p) => href({ page: p })} />
        </>
      )}
      <ConfirmChangeDialog asking={posts.asking} onCancel={() => posts.setAsking(null)} onConfirm={(row, c) => void posts.run(row, c)} />
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
