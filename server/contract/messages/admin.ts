/** Messages of the admin, plugin, connector and user-centre endpoints. en_US complete. */
export const admin_en_US = {
  // admin user management (Answer's keys)
  'error.admin.cannot_update_their_password': 'You cannot modify your password.',
  'error.admin.cannot_edit_their_profile': 'You cannot modify your profile.',
  'error.admin.cannot_modify_self_status': 'You cannot modify your status.',
  'error.user.cannot_update_your_role': 'You cannot modify your role.',
  'error.user.add_bulk_users_format_error': "Error {{field}}format near '{{content}}' at line {{line}}.{{extra_message}}",
  'error.user.add_bulk_users_amount_error': 'The number of users you add at once should be in the range of 1-{{max_amount}}.',
  // third-party login (Answer's keys)
  'error.user.external_login_missing_user_id':
    'The third-party platform does not provide a unique UserID, so you cannot login, please contact the website administrator.',
  'error.user.external_login_unbinding_forbidden': 'Please set a login password for your account before you remove this login.',
  // plugins (Lantern's keys; the reference has none for an unknown plugin)
  'error.plugin.not_found': 'Plugin not found.',
  'error.plugin.config_option_invalid': '{{label}} must be one of the offered options.',
  // field labels
  'field.user_id': 'User',
  'field.status': 'Status',
  'field.suspend_duration': 'Suspension',
  'field.remove_all_content': 'Remove all content',
  'field.role_id': 'Role',
  'field.users': 'Users',
  'field.type': 'Type',
  'field.query': 'Search',
  'field.staff': 'Staff',
  'field.plugin_slug_name': 'Plugin',
  'field.config_fields': 'Configuration',
  'field.have_config': 'Has configuration',
  'field.binding_key': 'Binding key',
  'field.external_id': 'External account',
  'field.must': 'Bind anyway',
} as const;

/** Simplified Chinese texts of the admin messages (every key). */
export const admin_zh_CN: Record<string, string> = {
  'error.admin.cannot_update_their_password': '你不能修改自己的密码。',
  'error.admin.cannot_edit_their_profile': '你不能修改自己的资料。',
  'error.admin.cannot_modify_self_status': '你不能修改自己的状态。',
  'error.user.cannot_update_your_role': '你不能修改自己的角色。',
  'error.user.add_bulk_users_format_error': "第 {{line}} 行 '{{content}}' 附近的 {{field}}格式错误。{{extra_message}}",
  'error.user.add_bulk_users_amount_error': '一次添加的用户数量应在 1-{{max_amount}} 之间。',
  'error.user.external_login_missing_user_id': '第三方平台没有提供唯一的 UserID，因此无法登录，请联系网站管理员。',
  'error.user.external_login_unbinding_forbidden': '请先为你的账号设置登录密码，然后再解除此登录方式。',
  'error.plugin.not_found': '插件不存在。',
  'error.plugin.config_option_invalid': '{{label}}必须是给出的选项之一。',
  'field.user_id': '用户',
  'field.status': '状态',
  'field.suspend_duration': '封禁时长',
  'field.remove_all_content': '删除所有内容',
  'field.role_id': '角色',
  'field.users': '用户',
  'field.type': '类型',
  'field.query': '搜索',
  'field.staff': '管理人员',
  'field.plugin_slug_name': '插件',
  'field.config_fields': '配置',
  'field.have_config': '有配置',
  'field.binding_key': '绑定密钥',
  'field.external_id': '外部账号',
  'field.must': '仍然绑定',
};
