import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { ApiError } from '../../api/errors';
import { useQuestionPage } from '../../api/question/question-query';
import { QUESTION_ORDERS, type QuestionOrder } from '../../api/question/types';
import { useTagInfo } from '../../api/tag/tag-query';
import type { TagDetail } from '../../api/tag/types';
import { paths, slugInLinks, to } from '../../app/paths';
import { useSession } from '../../app/session';
import { ErrorPage } from '../../components/ErrorPage';
import { OrderTabs } from '../../components/OrderTabs';
import { Pager } from '../../components/Pager';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { QuestionListItem } from '../Home/components/QuestionListItem';
import { TagHeader } from './components/TagHeader';
import './tags.css';

const PAGE_SIZE = 20;

function orderOf(v: string | null): QuestionOrder {
  return (QUESTION_ORDERS as readonly string[]).includes(v ?? '') ? (v as QuestionOrder) : 'newest';
}

/** /tags/{tagName}: the tag's header (description, follow, info, edit, synonyms) and its questions in an order, a page at a time. */
export default function TagPage() {
  const { t } = useTranslation();
  const { tagName = '' } = useParams();
  const asked = tagName.trim().toLowerCase();
  const info = useTagInfo(asked);
  const slow = useDelayed(info.isLoading);
  usePageTitle(info.data ? t('question.tagged_title', { tag: info.data.display_name || info.data.slug_name }) : t('tags.title'));
  if (info.isError) return info.error instanceof ApiError && info.error.status === 404 ? <ErrorPage kind={404} /> : null;
  if (!info.data) return slow ? <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} /> : null;
  return <TagQuestions key={info.data.tag_id} tag={info.data} asked={asked} />;
}

/** The address of a page of the tag's questions in an order (the defaults left out). */
function tagPageHref(base: string, q: { order?: QuestionOrder; page?: number }): string {
  const qs = new URLSearchParams();
  if (q.order && q.order !== 'newest') qs.set('order', q.order);
  if (q.page && q.page > 1) qs.set('page', String(q.page));
  const s = qs.toString();
  return s ? `${base}?${s}` : base;
}

/** A tag's page once it is loaded: its header, then its questions in the order and page the address names. */
function TagQuestions({ tag, asked }: { tag: TagDetail; asked: string }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const [params] = useSearchParams();
  const order = orderOf(params.get('order'));
  const page = Math.max(1, Math.min(100000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const list = useQuestionPage({ order, page, page_size: PAGE_SIZE, tag: tag.slug_name });
  const slow = useDelayed(list.isLoading);
  const withSlug = slugInLinks(site.site_seo?.permalink);
  const name = tag.display_name || tag.slug_name;
  const base = to.tag(asked === tag.slug_name ? tag.slug_name : asked);
  const items = list.data?.list ?? [];

  return (
    <div className="tag-page">
      <TagHeader tag={tag} asked={asked} />
      <section aria-labelledby="tag-questions-title">
        <div className="list-head">
          <h2 id="tag-questions-title">{t('tags.questions_heading', { name })}</h2>
          <Link to={paths.ask} className="p-button p-button-sm">
            {t('tags.ask_with_tag')}
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
            hrefFor={(o) => tagPageHref(base, { order: o })}
          />
        </div>
        {slow && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} />}
        {list.isSuccess && items.length === 0 && (
          <div className="empty-state">
            <p>{t('tags.no_questions', { name })}</p>
            <Link to={paths.ask}>{t('question.ask_first')}</Link>
          </div>
        )}
        <ul className="q-list" aria-labelledby="tag-questions-title" aria-busy={list.isFetching} data-testid="question-list">
          {items.map((q) => (
            <QuestionListItem key={q.id} q={q} withSlug={withSlug} headingLevel={3} />
          ))}
        </ul>
        {list.data && (
          <Pager page={page} pageSize={PAGE_SIZE} total={list.data.count} hrefFor={(p) => tagPageHref(base, { order, page: p })} />
        )}
      </section>
    </div>
  );
}
