import { useTranslation } from 'react-i18next';
import { ADMIN } from '../../../api/client';
import { useFileDownload } from '../../../api/download';
import { Button, Message } from '../../../components/ui';

/** Admin → Backups: "Export (Stack Exchange .zip)", which downloads the site as a Stack Exchange dump. */
export function SeExportButton() {
  const { t } = useTranslation();
  const download = useFileDownload(`${ADMIN}/export/stackexchange`, 'lantern-stackexchange');
  return (
    <div className="se-export">
      <Button
        type="button"
        outlined
        icon="download"
        label={download.isPending ? t('admin_backup.exporting_se') : t('admin_backup.export_se')}
        aria-describedby="se-export-hint"
        disabled={download.isPending}
        onClick={() => download.mutate()}
      />
      <small id="se-export-hint" className="field-hint">
        {t('admin_backup.export_se_hint')}
      </small>
      {download.error && <Message severity="error" text={download.error.message} />}
    </div>
  );
}
