import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { useQuestionPage } from '../../api/question/question-query';
import { QUESTION_ORDERS, type QuestionOrder } from '../../api/question/types';
import { paths, slugInLinks, to } from '../../app/paths';
import { useSession } from '../../app/session';
import { HotQuestions } from '../../components/HotQuestions';
import { Pager } from '../../components/Pager';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { OrderTabs } from '../../components/OrderTabs';
import { QuestionListItem } from './components/QuestionListItem';

const PAGE_SIZE = 20;

/** The order named in the address, newest by default. */
function orderOf(v: string | null): QuestionOrder {
  return (QUESTION_ORDERS as readonly string[]).includes(v ?? '') ? (v as QuestionOrder) : 'newest';
}

/** / and /questions (the home page): the question list in an order, optionally for one tag, with the hot questions beside it. */
export default function HomePage() {
  const { t } = useTranslation();
  const { site } = useSession();
  const home = useLocation().pathname === paths.home;
  const [params] = useSearchParams();
  const order = orderOf(params.get('order'));
  const tag = params.get('tag')?.trim().toLowerCase() || undefined;
  const page = Math.max(1, Math.min(100000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const list = useQuestionPage({ order, page, page_size: PAGE_SIZE, tag });
  const slow = useDelayed(list.isLoading);
  const withSlug = slugInLinks(site.site_seo?.permalink);
  usePageTitle(home ? t('page_title.home') : tag ? t('question.tagged_title', { tag }) : t('question.list_title'));
  const ListHeading = home ? 'h2' : 'h1';
  const base = home ? paths.home : paths.questions;
  const href = (q: { order?: QuestionOrder; page?: number }) =>
    to.questions({ tag, order: q.order === 'newest' ? undefined : q.order, page: q.page }, base);
  const items = list.data?.list ?? [];

  return (
    <div className="with-aside">
      <div className="main-column">
        {home && (
          <header className="welcome">
            <h1>{t('home.welcome', { site: site.general.name })}</h1>
            {site.general.description && <p>{site.general.description}</p>}
          </header>
        )}
        <section aria-labelledby="list-title">
          <div className="list-head">
            <ListHeading id="list-title">{tag ? t('question.tagged_heading', { tag }) : t('question.list_title')}</ListHeading>
            <Link to={paths.ask} className="p-button p-button-sm">
              {t('question.ask_button')}
            </Link>
          </div>
          <div className="list-tools">
            <p className="muted" aria-live="polite">
              {list.data ? t('question.count', { count: list.data.count }) : ''}
            </p>
            <OrderTabs
              orders={QUESTION_ORDERS}
              current={order}
              label={t('question.order_label')}
              labelOf={(o) => t(`question.order_${o}`)}
              hrefFor={(o) => href({ order: o })}
            />
          </div>
          {tag && (
            <p className="muted small">
              <Link to={base}>{t('question.clear_tag')}</Link>
            </p>
          )}
          {slow && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} />}
          {list.isSuccess && items.length === 0 && (
            <div className="empty-state">
              <p>{tag ? t('question.empty_tag', { tag }) : t('question.empty')}</p>
              <Link to={paths.ask}>{t('question.ask_first')}</Link>
            </div>
          )}
          <ul className="q-list" aria-labelledby="list-title" aria-busy={list.isFetching} data-testid="question-list">
            {items.map((q) => (
              <QuestionListItem key={q.id} q={q} withSlug={withSlug} headingLevel={home ? 3 : 2} />
            ))}
          </ul>
          {list.data && <Pager page={page} pageSize={PAGE_SIZE} total={list.data.count} hrefFor={(p) => href({ order, page: p })} />}
        </section>
      </div>
      <aside className="side-column" aria-label={t('question.side_label')}>
        <HotQuestions />
      </aside>
    </div>
  );
}
