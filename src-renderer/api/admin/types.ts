/** GET admin lan: where the server listens and how LAN browsers reach it. */
export interface LanStatus {
  enabled: boolean;
  /** Whether the desktop app hosts this server (only then can the switch restart it). */
  managed: boolean;
  port: number;
  local_url: string;
  addresses: { url: string; qr_svg: string }[];
}
