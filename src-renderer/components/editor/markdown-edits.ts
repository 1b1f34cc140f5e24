/** A text with its selection. */
export interface TextState {
  value: string;
  start: number;
  end: number;
}

/** Wraps the selection (or a placeholder) in `before` and `after`; the wrapped text stays selected. */
export function wrap(s: TextState, before: string, after: string, placeholder: string): TextState {
  const middle = s.value.slice(s.start, s.end) || placeholder;
  const value = s.value.slice(0, s.start) + before + middle + after + s.value.slice(s.end);
  return { value, start: s.start + before.length, end: s.start + before.length + middle.length };
}

/** Replaces the selection with `text`; the caret goes after it. */
export function replace(s: TextState, text: string): TextState {
  const value = s.value.slice(0, s.start) + text + s.value.slice(s.end);
  return { value, start: s.start + text.length, end: s.start + text.length };
}

/** Inserts a block (code, table, rule) on lines of its own. */
export function block(s: TextState, text: string): TextState {
  const before = s.value.slice(0, s.start);
  const after = s.value.slice(s.end);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' || after.startsWith('\n\n') ? '\n' : after.startsWith('\n') ? '\n' : '\n\n';
  return replace(s, lead + text + trail);
}

/** Prefixes each selected line (the caret's line when nothing is selected); `prefix(i)` gives line i's prefix. */
export function prefixLines(s: TextState, prefix: (i: number) => string, placeholder: string): TextState {
  const lineStart = s.value.lastIndexOf('\n', s.start - 1) + 1;
  const nl = s.value.indexOf('\n', s.end);
  const lineEnd = nl === -1 ? s.value.length : nl;
  const selected = s.value.slice(lineStart, lineEnd);
  const lines = (selected || placeholder).split('\n');
  const text = lines.map((l, i) => prefix(i) + l).join('\n');
  const value = s.value.slice(0, lineStart) + text + s.value.slice(lineEnd);
  return selected
    ? { value, start: lineStart, end: lineStart + text.length }
    : { value, start: lineStart + prefix(0).length, end: lineStart + text.length };
}

/** A markdown link or image; brackets and parentheses that would end it early are escaped. */
export function linkMarkdown(url: string, text: string, image = false): string {
  const label = text.replace(/[[\]]/g, '\\$&');
  const href = url.replace(/ /g, '%20').replace(/\)/g, '%29');
  return `${image ? '!' : ''}[${label}](${href})`;
}

/** A fenced code block long enough not to be ended by the code's own backticks. */
export function fence(code: string, lang: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return `${f}${lang}\n${code}\n${f}`;
}

/** An empty table to fill in. */
export const TABLE_TEMPLATE = '| Column 1 | Column 2 |\n| -------- | -------- |\n| Cell     | Cell     |';
