import { useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { questionKeys } from '../../api/question/keys';
import { useQuestionInfo } from '../../api/question/question-query';
import type { QuestionDetail } from '../../api/question/types';
import { slugInLinks } from '../../app/paths';
import { useSession } from '../../app/session';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';

/**
 * The question page's data: the question named by the URL (counting a ?share= visit), whether its
 * links carry the slug, the answer to scroll to, and `patch`, which updates the cached question.
 */
export function useQuestionPage() {
  const { qid = '', slug, aid } = useParams();
  const { site } = useSession();
  const qc = useQueryClient();
  const withSlug = slugInLinks(site.site_seo?.permalink);
  const [search] = useSearchParams();
  const info = useQuestionInfo(qid, search.get('share') ?? undefined);
  const slow = useDelayed(info.isLoading);
  usePageTitle(info.data?.title ?? '');

  const patch = (p: Partial<QuestionDetail>) =>
    qc.setQueryData<QuestionDetail>(questionKeys.detail(qid), (old) => (old ? { ...old, ...p } : old));

  return {
    qid,
    withSlug,
    // without slugs in links, /questions/{qid}/{aid} names an answer
    focusId: aid ?? (withSlug ? undefined : slug),
    info,
    slow,
    patch,
  };
}
