import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { targetName, type RestoreTarget } from './useBackupsPage';

/** Asks before a restore replaces the site's content with the backup's. */
export function RestoreConfirm({ target, onYes, onCancel }: { target: RestoreTarget; onYes(): void; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <section
      className="admin-card backup-confirm"
      role="alertdialog"
      aria-labelledby="backup-confirm-h"
      aria-describedby="backup-confirm-p"
    >
      <h2 id="backup-confirm-h">{t('admin_backup.confirm_heading')}</h2>
      <p id="backup-confirm-p">{t('admin_backup.confirm_text', { name: targetName(target) })}</p>
      <div className="backup-actions">
        <Button
          type="button"
          severity="danger"
          label={t('admin_backup.confirm_yes', { name: targetName(target) })}
          onClick={onYes}
          autoFocus
        />
        <Button type="button" outlined label={t('admin_backup.cancel')} onClick={onCancel} />
      </div>
    </section>
  );
}
