/** English texts of Admin → MCP: the switch of the MCP server, its endpoints and how an assistant connects. */
export const admin_mcp = {
  menu: 'MCP',
  title: 'MCP',
  intro:
    'The MCP server lets AI assistants search and read this site, and with a global API key ask, answer and comment as the key’s owner, through the Model Context Protocol. Each call keeps the key owner’s permissions.',
  enabled_label: 'MCP server',
  enabled_text: 'Turn on the MCP server (off by default).',
  type: 'Type',
  url: 'URL',
  streamable_url: 'Streamable HTTP URL',
  streamable_hint: 'The current MCP transport; most assistants connect here.',
  http_header: 'HTTP header',
  http_header_hint:
    'Replace {key} with an API key (Admin → API keys, or a member’s own). A read-only key gets the reading tools; a global key also gets ask_question, post_answer and add_comment.',
  snippet_heading: 'Connecting an assistant',
  snippet_hint: 'For example, in an assistant’s MCP settings (mcpServers):',
  saved: 'MCP settings saved.',
} as const;
