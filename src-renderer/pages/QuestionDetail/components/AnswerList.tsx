import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ProgressSpinner } from '../../../components/ui';
import { useAcceptAnswer } from '../../../api/answer/answer-accept-mutation';
import { ANSWER_PAGE_SIZE, useAnswerPage } from '../../../api/answer/answer-query';
import { answerKeys } from '../../../api/answer/keys';
import { ANSWER_ORDERS, type AnswerInfo, type AnswerOrder } from '../../../api/answer/types';
import type { QuestionDetail } from '../../../api/question/types';
import { slugInLinks, to } from '../../../app/paths';
import { useSession } from '../../../app/session';
import type { Page } from '../../../api/types';
import { Pager } from '../../../components/Pager';
import { useDelayed } from '../../../hooks/useDelayed';
import { OrderTabs } from '../../../components/OrderTabs';
import { AnswerItem } from './AnswerItem';
import { ANSWER_STATUS } from '../../../../server/contract/enums';

/** The question's answers in the chosen order, with paging; `focusId` is scrolled to once shown. */
export function AnswerList({
  q,
  questionId,
  focusId,
  canAccept,
  canComment,
}: {
  q: QuestionDetail;
  questionId: string;
  focusId?: string;
  canAccept: boolean;
  canComment: boolean;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { site } = useSession();
  const slug = slugInLinks(site.site_seo?.permalink) ? q.url_title : undefined;
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const order = (ANSWER_ORDERS as readonly string[]).includes(params.get('order') ?? '') ? (params.get('order') as AnswerOrder) : 'default';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const answers = useAnswerPage(questionId, order, page);
  const accept = useAcceptAnswer(questionId);
  const slow = useDelayed(answers.isLoading);
  const list = answers.data?.list ?? [];
  const count = answers.data?.count ?? q.answer_count;

  useEffect(() => {
    if (!focusId || !answers.isSuccess) return;
    const el = document.getElementById(`answer-${focusId}`);
    if (!el) return;
    el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
  }, [focusId, answers.isSuccess]);

  const patch = (answerId: string, p: Partial<AnswerInfo>) =>
    qc.setQueriesData<Page<AnswerInfo>>({ queryKey: answerKeys.lists(questionId) }, (old) =>
      old ? { ...old, list: old.list.map((a) => (a.id === answerId ? { ...a, ...p } : a)) } : old,
    );
  const href = (o: AnswerOrder, p = 1) => {
    const qs = new URLSearchParams();
    if (o !== 'default') qs.set('order', o);
    if (p > 1) qs.set('page', String(p));
    const s = qs.toString();
    return `${pathname}${s ? `?${s}` : ''}#answers`;
  };

  return (
    <section id="answers" className="answers" aria-labelledby="answers-title">
      <div className="list-tools">
        <h2 id="answers-title">{t('answer_form.count', { count })}</h2>
        {count > 1 && (
          <OrderTabs
            orders={ANSWER_ORDERS}
            current={order}
            label={t('answer_form.order_label')}
            labelOf={(o) => t(`answer_form.order_${o}`)}
            hrefFor={(o) => href(o)}
          />
        )}
      </div>
      {slow && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} />}
      {list.map((a) => (
        <AnswerItem
          key={a.id}
          answer={a}
          questionId={questionId}
          sharePath={to.question(questionId, slug, a.id)}
          focused={a.id === focusId}
          canAccept={canAccept && a.status === ANSWER_STATUS.available}
          canComment={canComment}
          accepting={accept.isPending}
          onAccept={(id) => accept.mutate(id)}
          onPatch={patch}
        />
      ))}
      <Pager page={page} pageSize={ANSWER_PAGE_SIZE} total={count} hrefFor={(p) => href(order, p)} />
    </section>
  );
}
