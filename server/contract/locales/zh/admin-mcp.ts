import type { Locale, LocalePart } from '../en_US.js';

/** Simplified Chinese texts of Admin → MCP: the switch of the MCP server, its endpoints and how an assistant connects. */
export const admin_mcp: LocalePart<Locale['admin_mcp']> = {
  menu: 'MCP',
  title: 'MCP',
  intro:
    'MCP 服务器通过模型上下文协议（Model Context Protocol）让 AI 助手搜索和阅读本站；使用全局 API 密钥时，还可以以密钥所有者的身份提问、回答和评论。每次调用都沿用密钥所有者的权限。',
  enabled_label: 'MCP 服务器',
  enabled_text: '开启 MCP 服务器（默认关闭）。',
  type: '类型',
  url: 'URL',
  streamable_url: 'Streamable HTTP URL',
  streamable_hint: '当前的 MCP 传输方式；大多数助手都连接这里。',
  http_header: 'HTTP 头',
  http_header_hint:
    '把 {key} 替换为一个 API 密钥（管理后台 → API 密钥，或成员自己的密钥）。只读密钥可以使用阅读类工具；全局密钥还可以使用 ask_question、post_answer 和 add_comment。',
  snippet_heading: '连接助手',
  snippet_hint: '例如，在助手的 MCP 设置（mcpServers）中：',
  saved: 'MCP 设置已保存。',
};
