import { useTranslation } from 'react-i18next';
import { useCloseQuestion } from '../../../api/question/question-operation-mutations';
import { useAddReport } from '../../../api/report/report-add-mutation';
import { CaptchaDialog } from '../../../components/CaptchaDialog';
import { useFeedback } from '../../../components/Feedback';
import { ConfirmDialog } from './ConfirmDialog';
import { ReasonDialog } from './ReasonDialog';
import type { usePostConfirm } from './usePostConfirm';

/** Which reason dialog of a post's row is open. */
export type ReasonKind = 'flag' | 'close' | null;

/** The flag dialog of a post and, for a question, the close dialog; each says so when done. */
export function PostReasonDialogs({
  dialog,
  onHide,
  kind,
  objectId,
  questionId,
}: {
  dialog: ReasonKind;
  onHide(): void;
  kind: 'question' | 'answer';
  objectId: string;
  questionId: string;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const report = useAddReport();
  const close = useCloseQuestion(questionId);
  return (
    <>
      <ReasonDialog
        visible={dialog === 'flag'}
        onHide={onHide}
        objectType={kind}
        action="flag"
        busy={report.isPending}
        onSubmit={async (reason, content, fields) => {
          await report.mutateAsync({ object_id: objectId, report_type: reason.reason_type, content: content || undefined, ...fields });
          onHide();
          feedback.toast('success', t('qa.thanks_flag'));
        }}
      />
      {kind === 'question' && (
        <ReasonDialog
          visible={dialog === 'close'}
          onHide={onHide}
          objectType="question"
          action="close"
          busy={close.isPending}
          onSubmit={async (reason, content) => {
            await close.mutateAsync({ close_type: reason.reason_type, close_msg: content || undefined });
            onHide();
            feedback.toast('success', t('qa.done'));
          }}
        />
      )}
    </>
  );
}

/** The confirmation of a post's confirmed action, and the captcha a delete may ask for. */
export function PostConfirmDialogs({ confirm }: { confirm: ReturnType<typeof usePostConfirm> }) {
  return (
    <>
      <ConfirmDialog
        visible={!!confirm.shown}
        title={confirm.shown?.title ?? ''}
        text={confirm.shown?.text ?? ''}
        confirmLabel={confirm.shown?.label ?? ''}
        danger={confirm.shown?.danger}
        busy={confirm.busy}
        onConfirm={() => void confirm.confirm()}
        onHide={() => confirm.ask(null)}
      />
      <CaptchaDialog {...confirm.captchaProps} />
    </>
  );
}
