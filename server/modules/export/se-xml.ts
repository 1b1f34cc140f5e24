import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';

/** One attribute of a dump row: skipped when undefined (the dump leaves out what a row lacks). */
export type RowAttrs = Record<string, string | number | undefined>;

// XML 1.0 forbids most control characters even as references: they are dropped
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** An attribute value as the dumps spell it: &, <, >, " escaped and line breaks as character references. */
export function xmlAttr(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;')
    .replace(/\t/g, '&#x9;');
}

/** Unix seconds as a dump date: UTC without zone, milliseconds kept ("2015-01-27T20:09:32.000"). */
export function dumpDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 23);
}

/**
 * Writes one dump file (`<root><row .../>...</root>`, UTF-8 with a byte order mark, as the dumps
 * are) row by row, waiting whenever the disk is behind: rows are never gathered in memory.
 */
export class DumpFileWriter {
  private readonly stream: WriteStream;
  rows = 0;

  constructor(
    dir: string,
    readonly file: string,
    private readonly root: string,
  ) {
    this.stream = createWriteStream(join(dir, file), { encoding: 'utf8' });
    this.stream.write(`\uFEFF<?xml version="1.0" encoding="utf-8"?>\n<${root}>\n`);
  }

  /** Adds one row; resolves when the stream can take more. */
  async row(attrs: RowAttrs): Promise<void> {
    let line = '  <row';
    for (const [name, value] of Object.entries(attrs)) {
      if (value === undefined) continue;
      line += ` ${name}="${xmlAttr(String(value))}"`;
    }
    this.rows += 1;
    if (!this.stream.write(`${line} />\n`)) await once(this.stream, 'drain');
  }

  /** Closes the root element and the file. */
  async close(): Promise<void> {
    this.stream.end(`</${this.root}>\n`);
    await once(this.stream, 'finish');
  }

  /** Closes the file without finishing it (the export failed or was stopped). */
  destroy(): void {
    this.stream.destroy();
  }
}
