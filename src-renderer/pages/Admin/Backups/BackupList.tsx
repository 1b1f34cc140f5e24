import { useTranslation } from 'react-i18next';
import { downloadBackup } from '../../../api/backup/backup-query';
import { Button } from '../../../components/ui';
import type { BackupItem as Backup } from '../../../api/backup/types';

/** A backup's size, in KB below a megabyte (at least 1), else in MB. */
function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** One backup's row: name, date, size, kind, and its download, restore and delete buttons. */
function BackupRow({ b, running, onRestore, onDelete }: { b: Backup; running: boolean; onRestore(): void; onDelete(): void }) {
  const { t, i18n } = useTranslation();
  const date = new Date(b.created_at * 1000).toLocaleString(i18n.language.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <tr data-backup={b.name}>
      <th scope="row" className="backup-name">
        {b.name}
      </th>
      <td data-label={t('admin_backup.col_date')}>{date}</td>
      <td data-label={t('admin_backup.col_size')}>{formatSize(b.size)}</td>
      <td data-label={t('admin_backup.col_kind')}>{b.scheduled ? t('admin_backup.kind_scheduled') : t('admin_backup.kind_manual')}</td>
      <td className="backup-row-actions">
        <Button
          type="button"
          size="small"
          text
          icon="download"
          label={t('admin_backup.download')}
          aria-label={t('admin_backup.download_name', { name: b.name })}
          onClick={() => void downloadBackup(b.name)}
        />
        <Button
          type="button"
          size="small"
          text
          icon="replay"
          label={t('admin_backup.restore')}
          aria-label={t('admin_backup.restore_name', { name: b.name })}
          disabled={running}
          onClick={onRestore}
        />
        <Button
          type="button"
          size="small"
          text
          severity="danger"
          icon="trash"
          label={t('admin_backup.delete')}
          aria-label={t('admin_backup.delete_name', { name: b.name })}
          disabled={running}
          onClick={() => {
            if (window.confirm(t('admin_backup.delete_confirm', { name: b.name }))) onDelete();
          }}
        />
      </td>
    </tr>
  );
}

/** The backups kept on the server, newest first, or a line saying there are none yet. */
export function BackupList(props: {
  backups: Backup[] | undefined;
  running: boolean;
  onRestore(name: string): void;
  onDelete(name: string): void;
}) {
  const { t } = useTranslation();
  const { backups } = props;
  return (
    <section className="admin-card" aria-labelledby="backup-list">
      <h2 id="backup-list">{t('admin_backup.list_heading')}</h2>
      {backups && backups.length === 0 && <p className="admin-empty">{t('admin_backup.empty')}</p>}
      {backups && backups.length > 0 && (
        <table className="admin-table backup-table">
          <thead>
            <tr>
              <th scope="col">{t('admin_backup.col_name')}</th>
              <th scope="col">{t('admin_backup.col_date')}</th>
              <th scope="col">{t('admin_backup.col_size')}</th>
              <th scope="col">{t('admin_backup.col_kind')}</th>
              <th scope="col">{t('admin_backup.col_actions')}</th>
            </tr>
          </thead>
          <tbody>
            {backups.map((b) => (
              <BackupRow
                key={b.name}
                b={b}
                running={props.running}
                onRestore={() => props.onRestore(b.name)}
                onDelete={() => props.onDelete(b.name)}
              />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
