import { useMutation } from '@tanstack/react-query';
import { ADMIN, api } from '../client';

/** PUT admin lan: asks the desktop app to serve on the LAN (or stop); the server restarts after answering. */
export const switchLan = (body: { enabled: boolean; port: number }) =>
  api.put<{ restarting: boolean }>(`${ADMIN}/lan`, body, { handleErrors: true });

/** The switch as a mutation. */
export function useLanSwitch() {
  return useMutation({ mutationFn: switchLan });
}
