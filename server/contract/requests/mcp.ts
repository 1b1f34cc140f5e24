import { z } from 'zod';

/** PUT /answer/admin/api/mcp-config (Answer's SiteMCPReq). */
export const mcpConfigBody = z.object({ enabled: z.boolean({ error: 'validation.type' }) });
export type McpConfigBody = z.infer<typeof mcpConfigBody>;
