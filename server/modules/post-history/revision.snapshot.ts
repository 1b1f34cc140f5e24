/** The JSON snapshots kept in revision.content, one shape per object type. Parsing is tolerant. */

/** A question revision: title, markdown, html and tags. */
export interface QuestionSnapshot {
  id: string;
  title: string;
  content: string;
  html: string;
  tags: { slug_name: string; display_name: string }[];
}

/** An answer revision. */
export interface AnswerSnapshot {
  id: string;
  question_id: string;
  content: string;
  html: string;
}

/** A tag revision (written by the tag module). */
export interface TagSnapshot {
  id: string;
  slug_name: string;
  display_name: string;
  original_text: string;
  parsed_text: string;
}

function obj(raw: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A question snapshot from revision content. */
export function questionSnapshot(raw: string): QuestionSnapshot {
  const o = obj(raw);
  const tags = Array.isArray(o.tags) ? o.tags : [];
  return {
    id: str(o.id),
    title: str(o.title),
    content: str(o.content ?? o.original_text),
    html: str(o.html ?? o.parsed_text),
    tags: tags
      .filter((t): t is Record<string, unknown> => !!t && typeof t === 'object')
      .map((t) => ({ slug_name: str(t.slug_name), display_name: str(t.display_name) || str(t.slug_name) }))
      .filter((t) => t.slug_name),
  };
}

/** An answer snapshot from revision content. */
export function answerSnapshot(raw: string): AnswerSnapshot {
  const o = obj(raw);
  return { id: str(o.id), question_id: str(o.question_id), content: str(o.content ?? o.original_text), html: str(o.html ?? o.parsed_text) };
}

/** A tag snapshot from revision content. */
export function tagSnapshot(raw: string): TagSnapshot {
  const o = obj(raw);
  return {
    id: str(o.id),
    slug_name: str(o.slug_name),
    display_name: str(o.display_name),
    original_text: str(o.original_text),
    parsed_text: str(o.parsed_text),
  };
}

/** Serialises a question snapshot. */
export function questionSnapshotJson(s: QuestionSnapshot): string {
  return JSON.stringify({ id: s.id, title: s.title, content: s.content, html: s.html, tags: s.tags });
}

/** Serialises an answer snapshot. */
export function answerSnapshotJson(s: AnswerSnapshot): string {
  return JSON.stringify({ id: s.id, question_id: s.question_id, content: s.content, html: s.html });
}
