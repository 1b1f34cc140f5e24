/** Messages of the admin Stack Exchange import (Lantern's own endpoints). en_US complete. */
export const import_en_US = {
  'error.import.running': 'An import is already running; wait for it to finish.',
  'error.import.single_process':
    'This server runs several processes: import with one. Stop it and start it again with --processes 1 (or use lantern import-se on the command line), then restart as before.',
  'error.import.no_files': 'Choose the dump files (Posts.xml, Users.xml, ...) or a .zip of them.',
  'error.import.no_posts': 'The dump needs Posts.xml or Users.xml.',
  'error.import.no_7z':
    '“{{name}}” is a 7-Zip archive, which Lantern cannot open. Extract it (with 7-Zip, or “7z x” from p7zip) and upload its XML files, or a .zip of them.',
  'error.import.file_type': '“{{name}}” is neither an XML file nor a .zip archive.',
  'error.import.unknown_file':
    '“{{name}}” is not a file of a Stack Exchange dump (Users, Posts, Comments, Tags, Votes, Badges, PostLinks, PostHistory .xml).',
  'error.import.duplicate_file': '{{name}} was given twice.',
  'error.import.bad_zip': '“{{name}}” could not be read as a zip archive: {{problem}}',
  'error.import.zip_path': '“{{name}}” was refused: its entry “{{entry}}” would be written outside the import folder.',
  'error.import.zip_too_many': '“{{name}}” was refused: it holds more than {{max}} entries.',
  'error.import.zip_too_large': '“{{name}}” was refused: it unpacks to more than {{max}} bytes.',
  'error.import.too_large': 'The upload is too large (at most {{max}} MB a file).',
  'error.import.site_invalid': 'Give the site the dump comes from as a host name, such as coffee.stackexchange.com.',
} as const;

/** Simplified Chinese: every key of import_en_US. */
export const import_zh_CN: Record<string, string> = {
  'error.import.running': '已有导入正在进行；请等待它完成。',
  'error.import.single_process':
    '此服务器运行着多个进程：请用单个进程导入。停止服务器，使用 --processes 1 重新启动（或在命令行中使用 lantern import-se），完成后再按原来的方式重启。',
  'error.import.no_files': '请选择转储文件（Posts.xml、Users.xml 等）或它们的 .zip 压缩包。',
  'error.import.no_posts': '转储中需要有 Posts.xml 或 Users.xml。',
  'error.import.no_7z':
    '“{{name}}”是 Lantern 无法打开的 7-Zip 压缩包。请先解压（用 7-Zip，或 p7zip 的“7z x”），再上传其中的 XML 文件或它们的 .zip 压缩包。',
  'error.import.file_type': '“{{name}}”既不是 XML 文件，也不是 .zip 压缩包。',
  'error.import.unknown_file':
    '“{{name}}”不是 Stack Exchange 转储中的文件（Users、Posts、Comments、Tags、Votes、Badges、PostLinks、PostHistory .xml）。',
  'error.import.duplicate_file': '{{name}} 被提供了两次。',
  'error.import.bad_zip': '无法将“{{name}}”读取为 zip 压缩包：{{problem}}',
  'error.import.zip_path': '“{{name}}”被拒绝：其中的条目“{{entry}}”会被写到导入文件夹之外。',
  'error.import.zip_too_many': '“{{name}}”被拒绝：其中的条目超过 {{max}} 个。',
  'error.import.zip_too_large': '“{{name}}”被拒绝：解压后超过 {{max}} 字节。',
  'error.import.too_large': '上传的内容过大（每个文件最大 {{max}} MB）。',
  'error.import.site_invalid': '请以主机名的形式给出转储的来源站点，例如 coffee.stackexchange.com。',
};
