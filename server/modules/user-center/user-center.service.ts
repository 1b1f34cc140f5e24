/*
 * The external user centre: a plugin that replaces the built-in account system (WeChat, WeCom,
 * DingTalk ...). Lantern ships none and its plugin registry has no user-centre kind, so these are
 * the reference's answers when no such plugin is installed: the built-in accounts are in charge.
 */

/** GET user-center/agent (UserCenterAgentResp). */
export function agent() {
  return { enabled: false, agent_info: null };
}

/** GET user-center/personal/branding (UserCenterPersonalBranding). */
export function personalBranding() {
  return { enabled: false, personal_branding: [] as unknown[] };
}

/** GET user-center/user/settings (UserCenterUserSettingsResp): the built-in settings pages apply. */
export function userSettings() {
  return {
    profile_setting_agent: { enabled: false, redirect_url: '' },
    account_setting_agent: { enabled: false, redirect_url: '' },
  };
}

/** GET admin user-center/agent (UserCenterAdminFunctionAgentResp): the admin manages users here. */
export function adminFunctionAgent() {
  return { allow_create_user: true, allow_update_user_status: true, allow_update_user_password: true, allow_update_user_role: true };
}
