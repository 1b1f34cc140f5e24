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

/** Simplified Chinese overrides. */
export const claims_zh_CN: Record<string, string> = {
  'action_activity_type.imported': '导入',
  'personal.imported_from': '从 {{site}} 导入',
};
