import { useTranslation } from 'react-i18next';
import { CaptchaDialog } from '../../../components/CaptchaDialog';
import { Button, Dialog } from '../../../components/ui';
import { reasonTextKind } from './reason-checks';
import { ReasonChoices } from './ReasonChoices';
import { ReasonTextField } from './ReasonTextField';
import { useReasonDialog, type ReasonDialogProps } from './useReasonDialog';

/**
 * Choose a reason (from GET reasons), give a remark when the reason asks for one, the original's
 * URL for a duplicate; flags go through the captcha when the server asks.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { visible, objectType, action, busy } = props;
  const { t } = useTranslation();
  const d = useReasonDialog(props);
  const isClose = action === 'close';
  const idp = `${action}-${objectType}`;
  const textKind = reasonTextKind(d.reason, isClose);

  return (
    <>
      <Dialog
        header={isClose ? t('qa.close_title') : t('qa.report_title')}
        visible={visible && !d.captcha.dialogProps.record}
        onHide={d.hide}
        style={{ width: 'min(34rem, 94vw)' }}
        className="reason-dialog"
      >
        <form onSubmit={d.submit} noValidate className="stack">
          <ReasonChoices
            idp={idp}
            isClose={isClose}
            loading={d.reasons.isLoading}
            list={d.list}
            chosen={d.chosen}
            onChoose={d.choose}
            error={d.errors.reason}
          />
          {textKind && (
            <ReasonTextField
              id={`${idp}-content`}
              kind={textKind}
              value={d.content}
              onChange={d.setContent}
              placeholder={d.reason?.placeholder || undefined}
              error={d.errors.content}
            />
          )}
          <div className="form-buttons dialog-buttons">
            <Button type="button" text label={t('common.cancel')} onClick={d.hide} />
            <Button
              type="submit"
              label={isClose ? t('qa.close_submit') : t('qa.report_submit')}
              severity={isClose ? undefined : 'danger'}
              loading={busy}
            />
          </div>
        </form>
      </Dialog>
      <CaptchaDialog {...d.captcha.dialogProps} />
    </>
  );
}

export type { ReasonDialogProps };
