import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAnswer, useRecoverAnswer } from '../../../api/answer/answer-remove-mutations';
import { rethrowIfCaptcha } from '../../../api/errors';
import {
  useDeleteQuestion,
  useOperateQuestion,
  useRecoverQuestion,
  useReopenQuestion,
  type QuestionOperation,
} from '../../../api/question/question-operation-mutations';
import type { CaptchaFields } from '../../../api/user/types';
import { useFeedback } from '../../../components/Feedback';
import { useCaptcha } from '../../../hooks/useCaptcha';

/** An action of a post's row that asks for confirmation first. */
export type Confirm = 'delete' | 'undelete' | 'reopen' | QuestionOperation;

/**
 * The confirmed actions of a post: `ask` opens the confirmation of one, `texts` are what it shows,
 * `confirm` runs it (delete behind the captcha), `busy` while one runs.
 */
export function usePostConfirm(isQ: boolean, objectId: string, questionId: string) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const reopen = useReopenQuestion(questionId);
  const operate = useOperateQuestion(questionId);
  const delQ = useDeleteQuestion(questionId);
  const recQ = useRecoverQuestion(questionId);
  const delA = useDeleteAnswer(questionId);
  const recA = useRecoverAnswer(questionId);
  const captcha = useCaptcha('delete');
  const [asked, ask] = useState<Confirm | null>(null);

  const runDelete = async (fields: CaptchaFields) => {
    try {
      if (isQ) await delQ.mutateAsync(fields);
      else await delA.mutateAsync({ id: objectId, ...fields });
      feedback.toast('success', t('qa.deleted_done'));
    } catch (err) {
      rethrowIfCaptcha(err);
      feedback.toast('error', err instanceof Error ? err.message : t('error.generic'));
    }
  };
  const confirm = async () => {
    const what = asked;
    ask(null);
    if (!what) return;
    try {
      if (what === 'delete') return void (await captcha.run(runDelete).catch(() => undefined));
      if (what === 'undelete') {
        await (isQ ? recQ.mutateAsync() : recA.mutateAsync(objectId));
        feedback.toast('success', t('qa.undeleted_done'));
        return;
      }
      if (what === 'reopen') await reopen.mutateAsync();
      else await operate.mutateAsync(what);
      feedback.toast('success', t('qa.done'));
    } catch {
      /* the app's error policy has shown the refusal */
    }
  };

  const texts: Record<Confirm, { title: string; text: string; label: string; danger?: boolean }> = {
    delete: {
      title: t('qa.delete_title'),
      text: isQ ? t('qa.delete_question_text') : t('qa.delete_answer_text'),
      label: t('qa.delete'),
      danger: true,
    },
    undelete: { title: t('qa.undelete_title'), text: t('qa.undelete_text'), label: t('qa.undelete') },
    reopen: { title: t('qa.reopen_title'), text: t('qa.reopen_text'), label: t('qa.reopen') },
    pin: { title: t('qa.pin_title'), text: t('qa.pin_text'), label: t('qa.pin') },
    unpin: { title: t('qa.unpin_title'), text: t('qa.unpin_text'), label: t('qa.unpin') },
    hide: { title: t('qa.unlist_title'), text: t('qa.unlist_text'), label: t('qa.unlist') },
    show: { title: t('qa.list_title'), text: t('qa.list_text'), label: t('qa.list') },
  };
  const busy = reopen.isPending || operate.isPending || recQ.isPending || recA.isPending || delQ.isPending || delA.isPending;
  return { shown: asked ? texts[asked] : null, ask, confirm, busy, captchaProps: captcha.dialogProps };
}
