import { useQuery } from '@tanstack/react-query';
import { ADMIN, api } from '../client';
import { mcpKeys } from './keys';

/** GET mcp-config: the switch, the endpoints and the header an assistant sends. */
export const fetchMcpConfig = () => api.get(`${ADMIN}/mcp-config`);

/** Admin → MCP's settings (always fresh when the page opens). */
export function useMcpConfig() {
  return useQuery({ queryKey: mcpKeys.config(), queryFn: fetchMcpConfig, staleTime: 0, gcTime: 0 });
}
