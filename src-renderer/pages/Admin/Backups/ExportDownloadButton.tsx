import { useTranslation } from 'react-i18next';
import { ADMIN } from '../../../api/client';
import { useFileDownload } from '../../../api/download';
import { Button, Message } from '../../../components/ui';

/** The site's exports: where each is downloaded from, and the dated name it is saved under when the server gives none. */
const EXPORTS = {
  /** "Export (Stack Exchange .zip)": the site as a Stack Exchange dump. */
  se: { path: `${ADMIN}/export/stackexchange`, prefix: 'lantern-stackexchange' },
  /** "Download static archive": the site as plain HTML pages with an offline search (.zip). */
  html: { path: `${ADMIN}/exports/html.zip`, prefix: 'lantern-archive' },
} as const;

export type ExportKind = keyof typeof EXPORTS;

/** Admin → Backups: the button that downloads one export of the site, with its hint and the server's refusal. */
export function ExportDownloadButton({ kind }: { kind: ExportKind }) {
  const { t } = useTranslation();
  const download = useFileDownload(EXPORTS[kind].path, EXPORTS[kind].prefix);
  const hintId = `${kind}-export-hint`;
  return (
    <div className="se-export">
      <Button
        type="button"
        outlined
        icon="download"
        label={download.isPending ? t(`admin_backup.exporting_${kind}`) : t(`admin_backup.export_${kind}`)}
        aria-describedby={hintId}
        disabled={download.isPending}
        onClick={() => download.mutate()}
      />
      <small id={hintId} className="field-hint">
        {t(`admin_backup.export_${kind}_hint`)}
      </small>
      {download.error && <Message severity="error" text={download.error.message} />}
    </div>
  );
}
