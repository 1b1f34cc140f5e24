import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { z } from 'zod';
import { CHANNELS, type Channel } from '../src-preload/contract';

/** What each channel accepts, validated before its handler runs. */
export const ARG_SCHEMAS: Record<Channel, z.ZodType<unknown[]>> = {
  [CHANNELS.tokenGet]: z.tuple([]),
  [CHANNELS.tokenSet]: z.tuple([z.string().min(1).max(512)]),
  [CHANNELS.tokenClear]: z.tuple([]),
  [CHANNELS.pickImage]: z.tuple([]),
  [CHANNELS.appInfo]: z.tuple([]),
  [CHANNELS.discoveredSites]: z.tuple([]),
};

/** The handlers, one per channel. */
export type Handlers = Record<Channel, (...args: any[]) => unknown>;

/** Checks that an invoke comes from the app's main frame on the server's origin. */
export function senderAllowed(event: Pick<IpcMainInvokeEvent, 'senderFrame' | 'sender'>, origin: string): boolean {
  const frame = event.senderFrame;
  if (!frame || frame !== event.sender.mainFrame) return false;
  try {
    return new URL(frame.url).origin === origin;
  } catch {
    return false;
  }
}

/** Registers every channel with sender and argument checks; returns an unregister function. */
export function registerIpc(ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>, handlers: Handlers, origin: () => string): () => void {
  const channels = Object.keys(ARG_SCHEMAS) as Channel[];
  for (const channel of channels) {
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      if (!senderAllowed(event, origin())) throw new Error(`refused ${channel}: foreign sender`);
      const parsed = ARG_SCHEMAS[channel].safeParse(args);
      if (!parsed.success) throw new Error(`refused ${channel}: bad arguments`);
      return handlers[channel](...parsed.data);
    });
  }
  return () => channels.forEach((c) => ipcMain.removeHandler(c));
}
