import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';

/** Real post texts from the Stack Exchange dumps in ../shared/data/stackexchange (CC BY-SA). */
export interface TextPool {
  titles: string[];
  bodies: string[];
  tags: string[];
  words: string[];
}

function rows(file: string, onRow: (attrs: Record<string, string>) => void): void {
  const xml = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    if (tag.name === 'row') onRow(tag.attributes as Record<string, string>);
  });
  // the dumps may name a DTD: saxes never fetches or resolves it
  parser.write(xml).close();
}

/** Loads titles, bodies (as markdown-ish plain text), tag names and a word list from the dumps. */
export function loadTexts(dataDir: string): TextPool {
  const titles: string[] = [];
  const bodies: string[] = [];
  const tags = new Set<string>();
  for (const site of ['history-meta', 'coffee']) {
    rows(join(dataDir, site, 'Posts.xml'), (r) => {
      const body = (r.Body ?? '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/&[a-z#0-9]+;/gi, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      if (body.length > 20) bodies.push(body.slice(0, 1500));
      if (r.PostTypeId === '1' && r.Title) titles.push(r.Title.slice(0, 140));
      for (const m of (r.Tags ?? '').matchAll(/<([^>]+)>|\|([^|]+)\|/g)) tags.add((m[1] ?? m[2]).toLowerCase().slice(0, 35));
    });
  }
  const words = [
    ...new Set(
      bodies
        .join(' ')
        .toLowerCase()
        .match(/[a-z]{4,12}/g) ?? [],
    ),
  ];
  return { titles, bodies, tags: [...tags].filter(Boolean), words };
}
