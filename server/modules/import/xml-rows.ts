import { createReadStream } from 'node:fs';

/** A problem that stopped reading a file (not a bad row: those are the importer's business). */
export class XmlReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlReadError';
  }
}

/**
 * The attributes of each <row .../> directly inside the root element of a Stack Exchange dump
 * file, streamed. A leading byte order mark is skipped. A DOCTYPE is read as text and never
 * fetched or resolved; only XML's five predefined entities and character references are known,
 * so an entity declared in the file is an error, not an expansion. Malformed XML ends the file
 * with an XmlReadError after the rows read before it. `onBytes` hears how many bytes of the file
 * were read so far, after each chunk.
 */
export async function* xmlRows(file: string, onBytes?: (bytesRead: number) => void): AsyncGenerator<Record<string, string>> {
  // the parser is loaded by the first import, not at the server's start
  const { SaxesParser } = await import('saxes');
  const parser = new SaxesParser({ xmlns: false, position: true });
  let depth = 0;
  let queue: Record<string, string>[] = [];
  let failure: Error | null = null;
  // rows queued before the first error; later ones come from a document already known to be broken
  let cutoff = Infinity;
  parser.on('opentag', (tag) => {
    depth += 1;
    if (depth === 2 && tag.name === 'row') queue.push({ ...(tag.attributes as Record<string, string>) });
  });
  parser.on('closetag', () => {
    depth -= 1;
  });
  parser.on('error', (err) => {
    if (failure) return;
    failure = err;
    cutoff = queue.length;
  });

  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  let first = true;
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      let text = chunk;
      if (first) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      parser.write(text);
      onBytes?.(stream.bytesRead);
      const rows = queue.slice(0, cutoff);
      cutoff = failure ? 0 : Infinity;
      queue = [];
      yield* rows;
      if (failure) break;
    }
    if (!failure) parser.close();
    yield* queue.slice(0, cutoff);
  } finally {
    stream.destroy();
  }
  if (failure) throw new XmlReadError((failure as Error).message);
}
