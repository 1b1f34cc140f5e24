import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminAnswers, useAdminQuestions, usePostStatus } from '../../../api/admin/content-query';
import type { AdminAnswer, AdminQuestion } from '../../../api/admin/types';
import { slugInLinks } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { useFeedback } from '../../../components/Feedback';
import { useListParams } from '../AdminList';
import { ASKS, FILTERS, SENDS, type Change, type Kind } from './post-changes';
import { answerRows, questionRows, type Row } from './post-rows';

/** A posts list's state: the address's filter, query and page, the rows, and a status change (asking first where it should). */
export function usePostsPage(kind: Kind) {
  const { t } = useTranslation();
  const { site } = useSession();
  const feedback = useFeedback();
  const params = useListParams(FILTERS[kind]);
  const { filter, query, page } = params;
  const questions = useAdminQuestions({ page, status: filter, query }, kind === 'question');
  const answers = useAdminAnswers({ page, status: filter, query }, kind === 'answer');
  const list = kind === 'question' ? questions : answers;
  const change = usePostStatus(kind);
  const [asking, setAsking] = useState<{ row: Row; change: Change } | null>(null);
  const rows: Row[] =
    kind === 'question'
      ? questionRows(t, (questions.data?.list ?? []) as AdminQuestion[])
      : answerRows(t, (answers.data?.list ?? []) as AdminAnswer[], slugInLinks(site.site_seo?.permalink));

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

  return { ...params, list, rows, change, asking, setAsking, run, pick };
}
