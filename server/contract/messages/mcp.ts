/** Messages of the MCP server (reason keys and texts). en_US complete. */
export const mcp_en_US = {
  'error.mcp.disabled': 'The MCP server is turned off on this site (Admin → MCP).',
  'error.mcp.api_key_required': 'The MCP server takes an API key in the Authorization header, not a login token.',
  'error.mcp.session_not_found': 'No open MCP session with this id for this API key: connect again.',
  'error.mcp.too_many_sessions': 'Too many open MCP connections for this API key: close one and try again.',
  'error.mcp.read_only_key': 'This API key is read-only: writing tools need a global key.',
} as const;

/** Chinese texts of the same keys. */
export const mcp_zh_CN: Partial<Record<keyof typeof mcp_en_US, string>> = {
  'error.mcp.disabled': '本站未开启 MCP 服务（管理 → MCP）。',
  'error.mcp.api_key_required': 'MCP 服务需要在 Authorization 请求头中提供 API 密钥，而不是登录令牌。',
  'error.mcp.session_not_found': '此 API 密钥没有该 id 的 MCP 会话：请重新连接。',
  'error.mcp.too_many_sessions': '此 API 密钥打开的 MCP 连接过多：请关闭一个后重试。',
  'error.mcp.read_only_key': '此 API 密钥为只读：写入类工具需要全局密钥。',
};
