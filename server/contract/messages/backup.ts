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

/** Simplified Chinese: every key of backup_en_US. */
export const backup_zh_CN: Record<string, string> = {
  'base.maintenance': '网站正在维护中，我们很快就会回来。',
  'error.backup.busy': '已有备份或恢复正在进行；请在它完成后重试。',
  'error.backup.not_found': '未找到备份。',
  'error.backup.single_process':
    '此服务器运行着多个进程：请用单个进程恢复。停止服务器，使用 --processes 1 重新启动，完成恢复后再按原来的方式重启。',
  'error.backup.postgres':
    '此站点的数据保存在 PostgreSQL 中：请使用 pg_dump 备份，使用 pg_restore 恢复（README 中有说明）。上传文件仍在数据文件夹中：也请一并复制。',
  'error.backup.uploads_elsewhere':
    '此服务器的上传文件保存在数据文件夹之外（--uploads-dir）：请用 lantern backup 备份数据库，并自行复制上传文件夹。',
  'error.backup.process_stopped': '运行此任务的服务器进程在完成前已停止。',
  'error.backup.name_invalid': '这不是一个备份的名称。',
  'error.backup.too_large': '备份文件超过了 {{max}} MB。',
  'error.backup.unpacked_too_large':
    '此备份被拒绝：解压后它将占用超过此磁盘可用的 {{max}} MB（Lantern 会保留 512 MB 空闲空间）。请释放一些磁盘空间，或检查该文件是否为 Lantern 备份。',
  'error.backup.not_an_archive': '此文件不是 Lantern 备份：它不是可读的 .tar.gz 归档（{{detail}}）。',
  'error.backup.truncated': '此备份已损坏或不完整：归档提前结束（{{detail}}）。',
  'error.backup.unsafe_entry': '此备份被拒绝：其中有一个条目会被写到数据文件夹之外（{{entry}}）。',
  'error.backup.unexpected_entry': '这不是 Lantern 备份：其中有一个意外的条目（{{entry}}）。',
  'error.backup.no_manifest': '这不是 Lantern 备份：它没有清单。',
  'error.backup.manifest_invalid': '这不是 Lantern 备份：它的清单无效。',
  'error.backup.checksum_mismatch': '此备份已损坏：{{entry}} 与其校验和不符。',
  'error.backup.missing_entry': '此备份不完整：缺少 {{entry}}。',
  'error.backup.integrity_failed': '此备份中的数据库已损坏（完整性检查：{{detail}}）。',
  'error.backup.schema_unknown': '此备份来自较新版本的 Lantern（schema {{schema}}）；当前版本无法打开。',
  'field.file': '文件',
  'field.hour': '小时',
  'field.keep': '保留的备份数',
};
