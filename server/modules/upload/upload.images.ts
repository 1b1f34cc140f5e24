/** The image formats uploads accept, by the extension they are stored with. */
export const IMAGE_TYPES = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const;
export type ImageExt = keyof typeof IMAGE_TYPES;

/** What the bytes of an upload turned out to be. */
export interface SniffedImage {
  ext: ImageExt;
  mime: string;
  width: number;
  height: number;
}

/** Reads the real format of uploaded bytes (never the name or the sent type); null when not an accepted image. */
export async function sniffImage(bytes: Uint8Array): Promise<SniffedImage | null> {
  // both readers are loaded by the first upload, not at the server's start
  const [{ fileTypeFromBuffer }, { imageSize }] = await Promise.all([import('file-type'), import('image-size')]);
  const kind = await fileTypeFromBuffer(bytes);
  if (!kind || !(kind.ext in IMAGE_TYPES)) return null;
  const ext = kind.ext as ImageExt;
  try {
    const { width, height } = imageSize(bytes);
    if (!width || !height) return null;
    return { ext, mime: IMAGE_TYPES[ext], width, height };
  } catch {
    return null;
  }
}

/** Whether an extension list (as the write settings hold it) allows a format; jpg and jpeg are one. */
export function extensionAllowed(list: string[], ext: ImageExt): boolean {
  const wanted = ext === 'jpg' ? ['jpg', 'jpeg'] : [ext];
  return list.some((e) => wanted.includes(e.trim().toLowerCase().replace(/^\./, '')));
}

/** A JPEG without its APP1 segments (EXIF with camera and GPS data, XMP); the image data is untouched. */
function stripJpeg(buf: Buffer): Buffer {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8) return buf;
  const parts: Buffer[] = [buf.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= buf.length) {
    if (buf[i] !== 0xff) return buf;
    const marker = buf[i + 1];
    if (marker === 0xda) {
      // start of scan: the rest is image data
      parts.push(buf.subarray(i));
      return Buffer.concat(parts);
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(buf.subarray(i, i + 2));
      i += 2;
      continue;
    }
    const len = buf.readUInt16BE(i + 2);
    if (len < 2 || i + 2 + len > buf.length) return buf;
    if (marker !== 0xe1) parts.push(buf.subarray(i, i + 2 + len));
    i += 2 + len;
  }
  return buf;
}

/** A PNG without its eXIf chunk. */
function stripPng(buf: Buffer): Buffer {
  const parts: Buffer[] = [buf.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= buf.length) {
    const len = buf.readUInt32BE(i);
    const type = buf.toString('latin1', i + 4, i + 8);
    const end = i + 12 + len;
    if (end > buf.length) return buf;
    if (type !== 'eXIf') parts.push(buf.subarray(i, end));
    i = end;
    if (type === 'IEND') return Buffer.concat(parts);
  }
  return buf;
}

/** Removes location and camera metadata where the format keeps it (JPEG APP1, PNG eXIf); other formats as they are. */
export function stripMetadata(buf: Buffer, ext: ImageExt): Buffer {
  if (ext === 'jpg') return stripJpeg(buf);
  if (ext === 'png') return stripPng(buf);
  return buf;
}
