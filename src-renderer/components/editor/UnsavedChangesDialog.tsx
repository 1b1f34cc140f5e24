import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '../ui';

/** The unsaved-changes prompt of a form (see useUnsavedChanges). */
export function UnsavedChangesDialog({ guard }: { guard: { prompting: boolean; leave(): void; stay(): void } }) {
  const { t } = useTranslation();
  return (
    <Dialog
      header={t('qa.unsaved_title')}
      visible={guard.prompting}
      onHide={() => guard.stay()}
      style={{ width: 'min(26rem, 94vw)' }}
      footer={
        <div className="form-buttons dialog-buttons">
          <Button type="button" text severity="secondary" label={t('qa.unsaved_stay')} onClick={() => guard.stay()} autoFocus />
          <Button type="button" severity="danger" label={t('qa.unsaved_leave')} onClick={() => guard.leave()} />
        </div>
      }
    >
      <p>{t('qa.unsaved_text')}</p>
    </Dialog>
  );
}
