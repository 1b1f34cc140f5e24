import type { AdminSettingGroups } from '../../../server/contract/api/site';

/** The admin settings groups and the bodies their GET answers and PUT takes (in the API contract). */
export type { AdminSettingGroups as AdminSettings, TagRef } from '../../../server/contract/api/site';

/** The name of a settings group. */
export type SettingGroup = keyof AdminSettingGroups;

/** GET setting/privileges and GET setting/smtp (the contract's). */
export type { PrivilegeLevel, PrivilegeOptions, SmtpSettings } from '../../../server/contract/api/site';

/** A plugin's settings form (GET admin plugin/config) and its fields, as the contract describes them. */
export type { PluginConfigField, PluginConfigForm as PluginConfig } from '../../../server/contract/api/plugin';
