import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '../../../components/ui';

/** Props of a yes/no dialog. */
export interface ConfirmDialogProps {
  visible: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onHide(): void;
}

/** A keyboard-usable confirmation (Escape or Cancel closes it; the confirm button has the focus). */
export function ConfirmDialog({ visible, title, text, confirmLabel, danger, busy, onConfirm, onHide }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      header={title}
      visible={visible}
      onHide={onHide}
      style={{ width: 'min(30rem, 94vw)' }}
      footer={
        <div className="form-buttons dialog-buttons">
          <Button type="button" text label={t('common.cancel')} onClick={onHide} />
          <Button
            type="button"
            label={confirmLabel}
            severity={danger ? 'danger' : undefined}
            loading={busy}
            onClick={onConfirm}
            autoFocus
          />
        </div>
      }
    >
      <p className="confirm-text">{text}</p>
    </Dialog>
  );
}
