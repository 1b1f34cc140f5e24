/** GET admin lan: where the server listens and how LAN browsers reach it. */
export interface LanStatus {
  enabled: boolean;
  /** Whether the desktop app hosts this server (only then can the switch restart it). */
  managed: boolean;
  port: number;
  local_url: string;
  addresses: { url: string; qr_svg: string }[];
}

/** GetPluginListResp: one installed plugin. */
export interface AdminPlugin {
  name: string;
  slug_name: string;
  description: string;
  version: string;
  enabled: boolean;
  have_config: boolean;
  link: string;
}
