import { useMutation } from '@tanstack/react-query';
import { ADMIN, api } from '../client';

/** HTTPS after a switch: off, a self-signed certificate, or the team's own PEM files on the server machine. */
export type LanTlsChoice = 'off' | 'self-signed' | 'files';

/** PUT admin lan: asks the desktop app to serve on the LAN (or stop), with or without HTTPS; the server restarts after answering. */
export const switchLan = (body: { enabled: boolean; port: number; tls?: LanTlsChoice; tls_cert?: string; tls_key?: string }) =>
  api.put(`${ADMIN}/lan`, body, { handleErrors: true });

/** The switch as a mutation. */
export function useLanSwitch() {
  return useMutation({ mutationFn: switchLan });
}

/** POST admin lan/site-url: sets the site URL to the address the server suggests (its site-URL hint). */
export const applyLanSiteUrl = () => api.post(`${ADMIN}/lan/site-url`, {}, { handleErrors: true });

/** Applying the suggested site URL as a mutation. */
export function useApplyLanSiteUrl() {
  return useMutation({ mutationFn: applyLanSiteUrl });
}
