/** Query keys of Admin → MCP (under the admin keys, so an admin-wide invalidation reaches them). */
export const mcpKeys = {
  all: ['admin', 'mcp'] as const,
  config: () => [...mcpKeys.all, 'config'] as const,
};
