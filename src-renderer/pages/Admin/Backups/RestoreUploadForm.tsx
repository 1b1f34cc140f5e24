import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ProgressBar } from '../../../components/ui';

/** Restore from a backup file chosen on this computer: the file, the upload's progress, the button that asks to confirm. */
export function RestoreUploadForm(props: { maxUploadMb: number; uploaded: number | null; disabled: boolean; onRestore(file: File): void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const { uploaded } = props;
  return (
    <section className="admin-card" aria-labelledby="backup-restore">
      <h2 id="backup-restore">{t('admin_backup.restore_heading')}</h2>
      <form
        className="admin-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (file) props.onRestore(file);
        }}
        noValidate
      >
        <div className="field">
          <label htmlFor="restore-file">{t('admin_backup.restore_file_label')}</label>
          <input
            id="restore-file"
            name="file"
            type="file"
            accept=".gz,.tgz,application/gzip"
            aria-describedby="restore-file_hint"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <small id="restore-file_hint" className="field-hint">
            {t('admin_backup.restore_file_hint', { max: props.maxUploadMb })}
          </small>
        </div>
        {uploaded !== null && (
          <ProgressBar
            value={Math.round(uploaded * 100)}
            aria-label={t('admin_backup.uploading', { percent: Math.round(uploaded * 100) })}
          />
        )}
        <div>
          <Button type="submit" icon="upload" label={t('admin_backup.restore_upload')} disabled={!file || props.disabled} />
        </div>
      </form>
    </section>
  );
}
