/** Messages of issue 15: imported accounts' reputation entry, claiming them, .7z dumps. en_US complete. */
export const claims_en_US = {
  'action_activity_type.imported': 'imported',
  'personal.imported_from': 'Imported from {{site}}',
  'error.claim.not_imported': 'Only an imported account that nobody has claimed yet can be claimed.',
  'error.claim.link_expired': 'This claim link has expired or has already been used. Ask an admin for a new one.',
  // the admin import's .7z archives (server/modules/import/dump-files.ts)
  'error.import.bad_7z': '“{{name}}” could not be read as a 7-Zip archive: {{problem}}',
  'error.import.7z_method':
    '“{{name}}” uses a compression method Lantern cannot unpack ({{method}}). Unpack it with 7-Zip and upload the XML files, or a .zip of them.',
  'mail.claim.subject': '[{{site}}] Your account {{name}} is waiting for you',
  'mail.claim.body':
    'Your posts and reputation were brought over to {{site}} under the account {{name}}.\n\nTo take it over, open this link and choose your email address and a password (the link works once, for 7 days):\n{{url}}\n\nIf this is not you, ignore this email.',
} as const;

/** Simplified Chinese texts (every key). */
export const claims_zh_CN: Record<string, string> = {
  'action_activity_type.imported': '导入',
  'personal.imported_from': '从 {{site}} 导入',
  'error.claim.not_imported': '只有尚未被认领的导入账号才能被认领。',
  'error.claim.link_expired': '此认领链接已过期或已被使用。请向管理员索取新的链接。',
  'error.import.bad_7z': '无法将“{{name}}”读取为 7-Zip 压缩包：{{problem}}',
  'error.import.7z_method':
    '“{{name}}”使用了 Lantern 无法解压的压缩方法（{{method}}）。请用 7-Zip 解压后上传 XML 文件，或上传它们的 .zip 压缩包。',
  'mail.claim.subject': '[{{site}}] 您的账号 {{name}} 正在等您',
  'mail.claim.body':
    '您的帖子和声望已转到 {{site}} 的账号 {{name}} 下。\n\n要接管该账号，请打开此链接并设置您的邮箱地址和密码（链接只能使用一次，7 天内有效）：\n{{url}}\n\n如果这不是您，请忽略此邮件。',
};
