/** Messages of imported accounts: their reputation entry and claiming them (issue 15). en_US complete. */
export const claims_en_US = {
  'action_activity_type.imported': 'imported',
  'personal.imported_from': 'Imported from {{site}}',
  'error.claim.not_imported': 'Only an imported account that nobody has claimed yet can be claimed.',
  'error.claim.link_expired': 'This claim link has expired or has already been used. Ask an admin for a new one.',
} as const;

/** Simplified Chinese overrides. */
export const claims_zh_CN: Record<string, string> = {
  'action_activity_type.imported': '导入',
  'personal.imported_from': '从 {{site}} 导入',
};
