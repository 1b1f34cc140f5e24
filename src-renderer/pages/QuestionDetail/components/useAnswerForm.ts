import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ANSWER_STATUS } from '../../../../server/contract/enums';
import { LIMITS } from '../../../../server/contract/limits';
import { useAddAnswer } from '../../../api/answer/answer-add-mutation';
import { useAnswerPage } from '../../../api/answer/answer-query';
import { rethrowIfCaptcha } from '../../../api/errors';
import type { QuestionDetail } from '../../../api/question/types';
import { useSession } from '../../../app/session';
import { useCaptcha } from '../../../hooks/useCaptcha';
import { DRAFT_KEYS, readDraft, stringField, useDraft } from '../../../hooks/useDraft';
import { useFormError } from '../../../hooks/useFormError';
import { useRequireLogin } from '../../../hooks/useRequireLogin';
import { useUnsavedChanges } from '../../../hooks/useUnsavedChanges';

interface AnswerDraft {
  questionId: string;
  content: string;
}

/** A saved answer draft: the question it belongs to and its text. */
function parseAnswerDraft(saved: unknown): AnswerDraft | null {
  const questionId = stringField(saved, 'questionId');
  const content = stringField(saved, 'content');
  return questionId !== undefined && content !== undefined ? { questionId, content } : null;
}

/**
 * The answer form's state: the text (kept as a draft, restored for the same question), its error,
 * the leave-page guard, the member's own answer if there is one, and `submit` (behind the captcha).
 */
export function useAnswerForm(q: QuestionDetail, questionId: string, onPosted: (answerId: string) => void) {
  const { t } = useTranslation();
  const { user } = useSession();
  const requireLogin = useRequireLogin();
  const captcha = useCaptcha('answer');
  const add = useAddAnswer(questionId);
  const firstPage = useAnswerPage(questionId, 'default', 1, !!user);
  const [content, setContent] = useState(() => {
    const saved = readDraft(DRAFT_KEYS.answer, parseAnswerDraft);
    return saved?.questionId === questionId ? saved.content : '';
  });
  const clearDraft = useDraft<AnswerDraft>(
    DRAFT_KEYS.answer,
    useMemo(() => ({ questionId, content }), [questionId, content]),
    content.trim().length > 0,
  );
  const [error, setError] = useState<string | undefined>();
  const showError = useFormError((fe) => setError(fe.content), { fields: (fe) => ({ content: fe.content }) });
  const [restored] = useState(() => content.trim().length > 0);
  const guard = useUnsavedChanges(!!user && content.trim().length > 0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!requireLogin()) return;
    if (content.trim().length < LIMITS.answer.min) return setError(t('answer_form.min', { min: LIMITS.answer.min }));
    setError(undefined);
    await captcha
      .run(async (fields) => {
        try {
          const r = await add.mutateAsync({ question_id: q.id, content, ...fields });
          clearDraft();
          setContent('');
          guard.allow();
          onPosted(r.info.id);
        } catch (err) {
          rethrowIfCaptcha(err);
          showError(err);
        }
      })
      .catch(() => undefined);
  };

  return {
    /** The member's own answer on the first page (not a deleted one). */
    mine: user ? firstPage.data?.list.find((a) => a.user_info?.id === user.id && a.status !== ANSWER_STATUS.deleted) : undefined,
    content,
    setContent,
    error,
    restored,
    guard,
    captcha,
    posting: add.isPending,
    submit,
  };
}
