import { renderMarkdown } from '../../infra/markdown/render.js';

/** A text to render before a batch's transaction: markdown, and whether it ends with the importer's credit line. */
export interface PendingRender {
  text: string;
  attribution: boolean;
}

/** Renders at once: the two render workers, with one more each waiting its turn. */
const AT_ONCE = 4;

/**
 * The HTML of a batch's texts, rendered before the batch's transaction opens (a render waits on a
 * worker; inside a transaction it would hold the write connection, and every request, meanwhile).
 * `prepare` renders; the rows then take their HTML with `html`, inside the transaction.
 */
export class BatchRenders {
  private readonly done = new Map<string, string>();
  /** Texts asked of `html` that `prepare` had not rendered (each rendered there, inside the transaction). */
  misses = 0;

  private static key(text: string, attribution: boolean): string {
    return `${attribution ? 'a' : 'm'}\u0000${text}`;
  }

  /** Renders `texts` (a few at a time, so the workers' queue never overflows), keeping their HTML. */
  async prepare(texts: PendingRender[]): Promise<void> {
    const todo = texts.filter((t) => !this.done.has(BatchRenders.key(t.text, t.attribution)));
    let next = 0;
    const lane = async () => {
      while (next < todo.length) {
        const t = todo[next++]!;
        const key = BatchRenders.key(t.text, t.attribution);
        if (!this.done.has(key)) this.done.set(key, await renderMarkdown(t.text, { attribution: t.attribution }));
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, todo.length) }, lane));
  }

  /** The HTML of `text` as `prepare` rendered it; a text it did not render is rendered now (counted in `misses`). */
  async html(text: string, attribution = false): Promise<string> {
    const found = this.done.get(BatchRenders.key(text, attribution));
    if (found !== undefined) return found;
    this.misses += 1;
    return renderMarkdown(text, { attribution });
  }

  /** Forgets the batch's HTML. */
  clear(): void {
    this.done.clear();
  }
}
