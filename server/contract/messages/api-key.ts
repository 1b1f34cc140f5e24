/** Messages of API keys (reason keys and texts). en_US complete. */
export const apiKey_en_US = {
  'error.api_key.read_only': 'This API key is read-only: it may only make GET requests.',
  'error.api_key.not_admin_key': "A member's own API key cannot reach the admin API: create a key under Admin → API keys.",
  'error.api_key.session_required': 'API keys are managed when signed in, not with an API key.',
} as const;

/** Chinese texts of the same keys. */
export const apiKey_zh_CN: Partial<Record<keyof typeof apiKey_en_US, string>> = {
  'error.api_key.read_only': '此 API 密钥为只读：只能发送 GET 请求。',
  'error.api_key.not_admin_key': '成员自己的 API 密钥不能访问管理 API：请在 管理 → API 密钥 中创建密钥。',
  'error.api_key.session_required': 'API 密钥需登录后管理，不能用 API 密钥管理。',
};
