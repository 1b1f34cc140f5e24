import { useTranslation } from 'react-i18next';
import { ADMIN } from '../../../api/client';
import { useFileDownload } from '../../../api/download';
import { Button, Message } from '../../../components/ui';

/** Admin → Backups: "Download static archive", the site as plain HTML pages with an offline search (.zip). */
export function HtmlArchiveButton() {
  const { t } = useTranslation();
  const download = useFileDownload(`${ADMIN}/exports/html.zip`, 'lantern-archive');
  return (
    <div className="se-export">
      <Button
        type="button"
        outlined
        icon="download"
        label={download.isPending ? t('admin_backup.exporting_html') : t('admin_backup.export_html')}
        aria-describedby="html-export-hint"
        disabled={download.isPending}
        onClick={() => download.mutate()}
      />
      <small id="html-export-hint" className="field-hint">
        {t('admin_backup.export_html_hint')}
      </small>
      {download.error && <Message severity="error" text={download.error.message} />}
    </div>
  );
}
