/** Messages of backups and restores (Lantern's own keys; Answer has no backups). en_US complete. */
export const backup_en_US = {
  'base.maintenance': "We are under maintenance, we'll be back soon.",
  'error.backup.busy': 'A backup or restore is already running; try again when it has finished.',
  'error.backup.not_found': 'Backup not found.',
  'error.backup.single_process':
    'This server runs several processes: restore with one. Stop it and start it again with --processes 1, restore, then restart as before.',
  'error.backup.postgres':
    'This site keeps its data in PostgreSQL: back it up with pg_dump and restore it with pg_restore (the README shows how). Uploads stay in the data folder: copy it too.',
  'error.backup.uploads_elsewhere':
    'This server keeps its uploads outside the data folder (--uploads-dir): back up the database with lantern backup and copy the uploads folder yourself.',
  'error.backup.process_stopped': 'The server process running this job stopped before it finished.',
  'error.backup.name_invalid': 'That is not the name of a backup.',
  'error.backup.too_large': 'The backup file is larger than {{max}} MB.',
  'error.backup.unpacked_too_large':
    'This backup was refused: unpacked, it would take more than the {{max}} MB this disk can spare (Lantern keeps 512 MB free). Free some disk space, or check that the file is a Lantern backup.',
  'error.backup.not_an_archive': 'This file is not a Lantern backup: it is not a readable .tar.gz archive ({{detail}}).',
  'error.backup.truncated': 'This backup is damaged or incomplete: the archive ends early ({{detail}}).',
  'error.backup.unsafe_entry': 'This backup was refused: it holds an entry that would be written outside the data folder ({{entry}}).',
  'error.backup.unexpected_entry': 'This is not a Lantern backup: it holds an unexpected entry ({{entry}}).',
  'error.backup.no_manifest': 'This is not a Lantern backup: it has no manifest.',
  'error.backup.manifest_invalid': 'This is not a Lantern backup: its manifest is not valid.',
  'error.backup.checksum_mismatch': 'This backup is damaged: {{entry}} does not match its checksum.',
  'error.backup.missing_entry': 'This backup is incomplete: {{entry}} is missing.',
  'error.backup.integrity_failed': 'The database in this backup is damaged (integrity check: {{detail}}).',
  'error.backup.schema_unknown': 'This backup comes from a newer Lantern (schema {{schema}}); this version cannot open it.',
  'field.file': 'File',
  'field.hour': 'Hour',
  'field.keep': 'Backups to keep',
};
