/** GET /answer/admin/api/mcp-config (Answer's SiteMCPResp), plus Lantern's streamable HTTP endpoint. */
export interface McpConfig {
  enabled: boolean;
  /** Answer's transport name: "Server-Sent Event (SSE)" */
  type: string;
  /** the SSE endpoint: <site>/answer/api/v1/mcp/sse */
  url: string;
  /** the header an assistant sends: "Authorization={key}" */
  http_header: string;
  /** Lantern's: the streamable HTTP endpoint, <site>/answer/api/v1/mcp */
  streamable_url: string;
}

/** PUT /answer/admin/api/mcp-config (Answer's SiteMCPReq). */
export interface McpConfigUpdate {
  enabled: boolean;
}
