import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { BrowserWindow, Dialog } from 'electron';
import type { PickedImage } from '../src-preload/contract';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/** Opens the native picker for one image and returns its bytes (at most maxBytes), or null. */
export async function pickImage(
  dialog: Pick<Dialog, 'showOpenDialog'>,
  win: BrowserWindow | null,
  maxBytes: number,
): Promise<PickedImage | null> {
  const options = { properties: ['openFile' as const], filters: [{ name: 'Images', extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp'] }] };
  const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
  const file = result.canceled ? undefined : result.filePaths[0];
  if (!file) return null;
  const type = TYPES[extname(file).toLowerCase()];
  if (!type) throw new Error('Only images can be uploaded.');
  if ((await stat(file)).size > maxBytes) throw new Error('The image is larger than 4 MB.');
  return { name: basename(file), type, bytes: new Uint8Array(await readFile(file)) };
}
