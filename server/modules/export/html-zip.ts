import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';

// A .zip of a folder, written to a stream one file at a time (deflated, or stored when that is not
// smaller), with ZIP64 records when the archive passes 65,535 files or 4 GiB, as a large site's does.

const U32 = 0xffffffff;

interface Entry {
  name: Buffer;
  crc: number;
  method: number;
  packed: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: (Math.max(0, d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** Every file under `dir` (paths with /), in a stable order, leaving out names `skip` refuses. */
export function folderFiles(dir: string, skip: (name: string) => boolean, prefix = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(dir, prefix), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (skip(e.name)) continue;
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...folderFiles(dir, skip, rel));
    else if (e.isFile()) out.push(rel);
  }
  return out;
}

function write(stream: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (stream.write(chunk)) resolve();
    else {
      stream.once('drain', resolve);
      stream.once('error', reject);
    }
  });
}

/** Writes a zip of `files` (paths under `dir`, each inside the zip below `root/`) to `stream`, then ends it. */
export async function writeZip(stream: Writable, dir: string, files: string[], root: string, signal?: AbortSignal): Promise<void> {
  const entries: Entry[] = [];
  let offset = 0;
  const { time, date } = dosTime(new Date());
  for (const file of files) {
    if (signal?.aborted) throw new Error('zip aborted');
    const data = readFileSync(join(dir, ...file.split('/')));
    const deflated = deflateRawSync(data);
    const stored = deflated.length >= data.length;
    const body = stored ? data : deflated;
    const name = Buffer.from(`${root}/${file}`, 'utf8');
    const e: Entry = { name, crc: crc32(data), method: stored ? 0 : 8, packed: body.length, size: data.length, offset, time, date };
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(0x0800, 6); // names in UTF-8
    head.writeUInt16LE(e.method, 8);
    head.writeUInt16LE(time, 10);
    head.writeUInt16LE(date, 12);
    head.writeUInt32LE(e.crc, 14);
    head.writeUInt32LE(e.packed, 18);
    head.writeUInt32LE(e.size, 22);
    head.writeUInt16LE(name.length, 26);
    head.writeUInt16LE(0, 28);
    await write(stream, Buffer.concat([head, name, body]));
    offset += head.length + name.length + body.length;
    entries.push(e);
  }
  const centralStart = offset;
  for (const e of entries) {
    const far = e.offset >= U32;
    const extra = far ? Buffer.alloc(12) : Buffer.alloc(0);
    if (far) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(8, 2);
      extra.writeBigUInt64LE(BigInt(e.offset), 4);
    }
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(far ? 45 : 20, 4);
    c.writeUInt16LE(far ? 45 : 20, 6);
    c.writeUInt16LE(0x0800, 8);
    c.writeUInt16LE(e.method, 10);
    c.writeUInt16LE(e.time, 12);
    c.writeUInt16LE(e.date, 14);
    c.writeUInt32LE(e.crc, 16);
    c.writeUInt32LE(e.packed, 20);
    c.writeUInt32LE(e.size, 24);
    c.writeUInt16LE(e.name.length, 28);
    c.writeUInt16LE(extra.length, 30);
    c.writeUInt32LE(far ? U32 : e.offset, 42);
    await write(stream, Buffer.concat([c, e.name, extra]));
    offset += c.length + e.name.length + extra.length;
  }
  const centralSize = offset - centralStart;
  const zip64 = entries.length > 0xfffe || centralStart >= U32 || offset >= U32;
  if (zip64) {
    const z = Buffer.alloc(56 + 20);
    z.writeUInt32LE(0x06064b50, 0);
    z.writeBigUInt64LE(44n, 4);
    z.writeUInt16LE(45, 12);
    z.writeUInt16LE(45, 14);
    z.writeBigUInt64LE(BigInt(entries.length), 24);
    z.writeBigUInt64LE(BigInt(entries.length), 32);
    z.writeBigUInt64LE(BigInt(centralSize), 40);
    z.writeBigUInt64LE(BigInt(centralStart), 48);
    z.writeUInt32LE(0x07064b50, 56);
    z.writeBigUInt64LE(BigInt(offset), 64);
    z.writeUInt32LE(1, 72);
    await write(stream, z);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : entries.length, 8);
  end.writeUInt16LE(zip64 ? 0xffff : entries.length, 10);
  end.writeUInt32LE(zip64 ? U32 : centralSize, 12);
  end.writeUInt32LE(zip64 ? U32 : centralStart, 16);
  await write(stream, end);
  await new Promise<void>((resolve) => stream.end(resolve));
}
