import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { McpConfigUpdate } from '../../../server/contract/api/mcp';
import { ADMIN, api } from '../client';
import { mcpKeys } from './keys';

/** PUT mcp-config: turns the MCP server on or off; the page's settings are read again. */
export function useSaveMcpConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: McpConfigUpdate) => api.put(`${ADMIN}/mcp-config`, body, { handleErrors: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: mcpKeys.all }),
  });
}
