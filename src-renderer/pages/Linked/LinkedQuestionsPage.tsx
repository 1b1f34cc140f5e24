import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { useLinkedQuestions } from '../../api/link/link-query';
import { useQuestionInfo } from '../../api/question/question-query';
import { QUESTION_ORDERS, type QuestionOrder } from '../../api/question/types';
import { slugInLinks, to } from '../../app/paths';
import { useSession } from '../../app/session';
import { OrderTabs } from '../../components/OrderTabs';
import { Pager } from '../../components/Pager';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { QuestionListItem } from '../Home/components/QuestionListItem';
import './linked.css';

/** Questions per page. */
export const LINKED_PAGE_SIZE = 20;

function orderOf(v: string | null): QuestionOrder {
  return (QUESTION_ORDERS as readonly string[]).includes(v ?? '') ? (v as QuestionOrder) : 'newest';
}

/** /questions/linked/{qid}: the questions that link to a question, in an order, with a way back to it. */
export default function LinkedQuestionsPage() {
  const { t } = useTranslation();
  const { site } = useSession();
  const qid = useParams().qid ?? '';
  const [params] = useSearchParams();
  const order = orderOf(params.get('order'));
  const page = Math.max(1, Math.min(100000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const list = useLinkedQuestions({ question_id: qid, order, page, page_size: LINKED_PAGE_SIZE });
  const question = useQuestionInfo(qid);
  const slow = useDelayed(list.isLoading);
  const withSlug = slugInLinks(site.site_seo?.permalink);
  usePageTitle(question.data ? `${t('inbox.linked.page_title')}: ${question.data.title}` : t('inbox.linked.page_title'));
  const base = to.linkedQuestions(qid);
  const href = (q: { order?: QuestionOrder; page?: number }) => {
    const s = new URLSearchParams();
    if (q.order && q.order !== 'newest') s.set('order', q.order);
    if (q.page && q.page > 1) s.set('page', String(q.page));
    const qs = s.toString();
    return qs ? `${base}?${qs}` : base;
  };
  const back = question.data ? to.question(question.data.id, withSlug ? question.data.url_title : undefined) : to.question(qid);
  const items = list.data?.list ?? [];

  return (
    <section className="linked-page" aria-labelledby="linked-title">
      <div className="list-head">
        <h1 id="linked-title">{t('inbox.linked.heading')}</h1>
      </div>
      <p className="linked-target">
        {t('inbox.linked.intro')} <Link to={back}>{question.data?.title ?? qid}</Link>
      </p>
      <div className="list-tools">
        <p className="muted" aria-live="polite">
          {list.data ? t('question.count', { count: list.data.count }) : ''}
        </p>
        <OrderTabs
          orders={QUESTION_ORDERS}
          current={order}
          label={t('inbox.linked.order_label')}
          labelOf={(o) => t(`question.order_${o}`)}
          hrefFor={(o) => href({ order: o })}
        />
      </div>
      {slow && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} />}
      {list.isSuccess && items.length === 0 && (
        <div className="empty-state">
          <p>{t('inbox.linked.empty')}</p>
          <Link to={back}>{t('inbox.linked.back')}</Link>
        </div>
      )}
      {items.length > 0 && (
        <ul className="q-list" aria-busy={list.isFetching}>
          {items.map((q) => (
            <QuestionListItem key={q.id} q={q} withSlug={withSlug} headingLevel={2} />
          ))}
        </ul>
      )}
      {list.data && <Pager page={page} pageSize={LINKED_PAGE_SIZE} total={list.data.count} hrefFor={(p) => href({ order, page: p })} />}
      {items.length > 0 && (
        <p className="small">
          <Link to={back}>{t('inbox.linked.back')}</Link>
        </p>
      )}
    </section>
  );
}
