import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '../../../components/ui';
import { ASKS, type Change } from './post-changes';
import type { Row } from './post-rows';

/** Asks before a close, delete or reject: the post's title in the question, the change's name on the button. */
export function ConfirmChangeDialog(props: {
  asking: { row: Row; change: Change } | null;
  onCancel(): void;
  onConfirm(row: Row, c: Change): void;
}) {
  const { t } = useTranslation();
  const { asking } = props;
  return (
    <Dialog
      header={t('admin.posts.confirm_title')}
      visible={asking !== null}
      onHide={props.onCancel}
      style={{ width: 'min(28rem, 94vw)' }}
      footer={
        <div className="form-buttons dialog-buttons">
          <Button type="button" text label={t('admin.common.cancel')} onClick={props.onCancel} />
          {asking && (
            <Button
              type="button"
              severity="danger"
              label={t(`admin.posts.${asking.change}`)}
              onClick={() => props.onConfirm(asking.row, asking.change)}
              autoFocus
            />
          )}
        </div>
      }
    >
      {asking && ASKS[asking.change] && <p>{t(`admin.posts.${ASKS[asking.change]!}`, { title: asking.row.title })}</p>}
    </Dialog>
  );
}
