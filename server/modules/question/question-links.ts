import type { DbOrTrx } from '../../db/database.js';
import { decodeId, objectTypeOf, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import * as repo from './question.repository.js';
import { ANSWER_STATUS, QUESTION_LINK_STATUS, QUESTION_STATUS, SHOW_STATUS } from '../../contract/enums.js';
import { findQuestion } from '../post/post.repository.js';

/** A reference to a question (or one of its answers) found in a post. */
export interface QuestionRef {
  kind: 'url' | 'hash';
  /** The id as written (long or short). */
  raw: string;
  /** An answer id written after the question id in a URL. */
  answerRaw?: string;
}

/** A link source: a question's own text ('0'), or one of its answers. */
export interface LinkSource {
  fromQuestionId: string;
  fromAnswerId?: string;
}

/** At most this many distinct references of one post are looked up. */
const MAX_REFS = 200;
const BOUNDARY_BEFORE = /[\s"'>(]/;
const URL_REF = /((?:https?:)?\/\/[^\s"'<>()]{0,300}?)?\/questions\/([0-9A-Za-z]{1,24})(?:\/([^\s"'<>?#/]+))?(?:\/([0-9A-Za-z]{1,24}))?/g;
const HASH_REF = /(^|[^&\w/#])#([0-9A-Za-z]{3,24})(?![\w])/g;

/** The host and path of a URL prefix without scheme, lower-cased host, no trailing slash. */
function siteKey(prefix: string): string {
  const withScheme = prefix.startsWith('//') ? `http:${prefix}` : prefix;
  try {
    const u = new URL(withScheme);
    return `${u.host.toLowerCase()}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return '\u0000';
  }
}

/** The text parts of some HTML outside links, code and pre blocks, with a function to rebuild it. */
function textParts(html: string): { parts: string[]; linkable: boolean[] } {
  const parts = html.split(/(<[^<>]*>)/);
  const linkable: boolean[] = [];
  let depth = 0;
  for (const part of parts) {
    const tag = /^<\s*(\/?)\s*(a|code|pre)\b/i.exec(part);
    if (tag) depth = Math.max(0, depth + (tag[1] ? -1 : 1));
    linkable.push(!part.startsWith('<') && depth === 0);
  }
  return { parts, linkable };
}

/**
 * Finds references to questions of this site in rendered HTML: URLs `/questions/<id>`,
 * `/questions/<id>/<slug>`, `/questions/<id>/<answer id>`, `/questions/<id>/<slug>/<answer id>`
 * (relative, or absolute on the site URL; long or short ids) and `#<id>` mentions in plain text.
 */
export function extractQuestionRefs(html: string, siteUrl: string): QuestionRef[] {
  const out: QuestionRef[] = [];
  const site = siteUrl ? siteKey(siteUrl) : null;
  for (const m of html.matchAll(URL_REF)) {
    const prefix = m[1];
    if (prefix) {
      if (!site || siteKey(prefix) !== site) continue;
    } else {
      const before = m.index > 0 ? html[m.index - 1] : ' ';
      if (!BOUNDARY_BEFORE.test(before)) continue;
    }
    const second = m[3];
    const third = m[4];
    let answerRaw: string | undefined;
    if (third) answerRaw = third;
    else if (second) {
      const asId = decodeId(second);
      if (asId && objectTypeOf(asId) === OBJECT_TYPE.answer) answerRaw = second;
    }
    out.push({ kind: 'url', raw: m[2], answerRaw });
  }
  const { parts, linkable } = textParts(html);
  parts.forEach((part, i) => {
    if (!linkable[i]) return;
    for (const m of part.matchAll(HASH_REF)) out.push({ kind: 'hash', raw: m[2] });
  });
  return out;
}

/** Where a reference points once resolved. */
interface Target {
  questionId: string;
  answerId: string;
}

/** Resolves references to existing, listed, not deleted questions (an answer id implies its question). */
async function resolveRefs(db: DbOrTrx, refs: QuestionRef[]): Promise<Map<string, Target>> {
  const byRaw = new Map<string, Target>();
  const seen = new Set<string>();
  for (const ref of refs) {
    const key = ref.answerRaw ? `${ref.raw}/${ref.answerRaw}` : ref.raw;
    if (seen.has(key)) continue;
    if (seen.size >= MAX_REFS) break;
    seen.add(key);
    const id = decodeId(ref.raw);
    if (!id) continue;
    let questionId: string | undefined;
    let answerId = '0';
    const type = objectTypeOf(id);
    if (type === OBJECT_TYPE.question) questionId = id;
    else if (type === OBJECT_TYPE.answer) {
      const a = await repo.findAnswerBrief(db, id);
      if (a && a.status === ANSWER_STATUS.available) {
        questionId = a.question_id;
        answerId = a.id;
      }
    }
    if (!questionId) continue;
    const q = await findQuestion(db, questionId);
    if (!q || (q.status !== QUESTION_STATUS.available && q.status !== QUESTION_STATUS.closed) || q.show !== SHOW_STATUS.shown) continue;
    if (ref.answerRaw) {
      const aid = decodeId(ref.answerRaw);
      const a = aid ? await repo.findAnswerBrief(db, aid) : undefined;
      if (a && a.status === ANSWER_STATUS.available && a.question_id === questionId) answerId = a.id;
    }
    byRaw.set(key, { questionId, answerId });
  }
  return byRaw;
}

/** Turns `#<id>` mentions of existing posts into links to them. */
function linkifyMentions(html: string, resolved: Map<string, Target>): string {
  const { parts, linkable } = textParts(html);
  return parts
    .map((part, i) => {
      if (!linkable[i]) return part;
      return part.replace(HASH_REF, (whole, before: string, raw: string) => {
        const t = resolved.get(raw);
        if (!t) return whole;
        const href = t.answerId !== '0' ? `/questions/${t.questionId}/${t.answerId}` : `/questions/${t.questionId}`;
        return `${before}<a href="${href}">#${raw}</a>`;
      });
    })
    .join('');
}

/**
 * Keeps the question_link rows of one source (a question's text or one answer) equal to the links
 * its HTML holds, recounts linked_count of every question gained or lost, and returns the HTML with
 * `#<id>` mentions turned into links. Self-links are ignored. `alsoScan` adds text that is scanned
 * but not returned (a close-as-duplicate URL).
 */
export async function syncQuestionLinks(
  trx: DbOrTrx,
  o: { fromQuestionId: string; fromAnswerId?: string; html: string; siteUrl: string; now: number; alsoScan?: string[] },
): Promise<{ html: string; targets: string[] }> {
  const fromAnswerId = o.fromAnswerId ?? '0';
  const refs = extractQuestionRefs(o.html, o.siteUrl);
  for (const extra of o.alsoScan ?? []) refs.push(...extractQuestionRefs(` ${extra}`, o.siteUrl).filter((r) => r.kind === 'url'));
  const resolved = await resolveRefs(trx, refs);
  const wanted = new Map<string, Target>();
  for (const t of resolved.values()) {
    if (t.questionId === o.fromQuestionId) continue;
    wanted.set(`${t.questionId}:${t.answerId}`, t);
  }
  const existing = await repo.linksFrom(trx, o.fromQuestionId, fromAnswerId);
  const touched = new Set<string>();
  for (const row of existing) {
    const key = `${row.to_question_id}:${row.to_answer_id}`;
    const keep = wanted.has(key);
    const status = keep ? QUESTION_LINK_STATUS.available : QUESTION_LINK_STATUS.removed;
    if (row.status !== status) {
      await repo.setLinkStatus(trx, row.id, status, o.now);
      touched.add(row.to_question_id);
    }
    if (keep) wanted.delete(key);
  }
  for (const t of wanted.values()) {
    await repo.insertLink(trx, {
      from_question_id: o.fromQuestionId,
      from_answer_id: fromAnswerId,
      to_question_id: t.questionId,
      to_answer_id: t.answerId,
      now: o.now,
    });
    touched.add(t.questionId);
  }
  await repo.recountLinked(trx, [...touched]);
  const hashResolved = new Map<string, Target>();
  for (const [key, t] of resolved) if (!key.includes('/') && t.questionId !== o.fromQuestionId) hashResolved.set(key, t);
  const targets = (await repo.linksFrom(trx, o.fromQuestionId, fromAnswerId))
    .filter((r) => r.status === QUESTION_LINK_STATUS.available)
    .map((r) => r.to_question_id);
  return { html: linkifyMentions(o.html, hashResolved), targets: [...new Set(targets)] };
}

/** Marks every link of a question (from it, its answers, and to it) removed; recounts. */
export async function removeQuestionLinks(trx: DbOrTrx, questionId: string, now: number): Promise<void> {
  const touched = await repo.setLinksStatusWhere(trx, { fromQuestionId: questionId }, QUESTION_LINK_STATUS.removed, now);
  touched.push(...(await repo.setLinksStatusWhere(trx, { toQuestionId: questionId }, QUESTION_LINK_STATUS.removed, now)));
  touched.push(questionId);
  await repo.recountLinked(trx, [...new Set(touched)]);
}

/** Marks the links written in one answer removed; recounts. */
export async function removeAnswerLinks(trx: DbOrTrx, questionId: string, answerId: string, now: number): Promise<void> {
  const touched = await repo.setLinksStatusWhere(
    trx,
    { fromQuestionId: questionId, fromAnswerId: answerId },
    QUESTION_LINK_STATUS.removed,
    now,
  );
  await repo.recountLinked(trx, touched);
}

/** Re-reads one source from the database and syncs its links (none when it is not available). */
export async function resyncSource(trx: DbOrTrx, source: LinkSource, siteUrl: string, now: number): Promise<void> {
  const fromAnswerId = source.fromAnswerId ?? '0';
  const q = await findQuestion(trx, source.fromQuestionId);
  const qAvailable = !!q && (q.status === QUESTION_STATUS.available || q.status === QUESTION_STATUS.closed) && q.show === SHOW_STATUS.shown;
  if (fromAnswerId === '0') {
    if (!q || !qAvailable) {
      const touched = await repo.setLinksStatusWhere(
        trx,
        { fromQuestionId: source.fromQuestionId, fromAnswerId: '0' },
        QUESTION_LINK_STATUS.removed,
        now,
      );
      await repo.recountLinked(trx, touched);
      return;
    }
    const close = q.status === QUESTION_STATUS.closed ? await repo.closeReason(trx, q.id) : undefined;
    await syncQuestionLinks(trx, {
      fromQuestionId: q.id,
      html: q.parsed_text,
      siteUrl,
      now,
      alsoScan: close?.close_msg ? [close.close_msg] : [],
    });
    return;
  }
  const a = await repo.findAnswerBrief(trx, fromAnswerId);
  if (!q || !qAvailable || !a || a.status !== ANSWER_STATUS.available) {
    await removeAnswerLinks(trx, source.fromQuestionId, fromAnswerId, now);
    return;
  }
  await syncQuestionLinks(trx, { fromQuestionId: q.id, fromAnswerId, html: a.parsed_text, siteUrl, now });
}

/** After a question comes back (recovered, listed): its own links, its answers' and the links to it. */
export async function restoreQuestionLinks(trx: DbOrTrx, questionId: string, siteUrl: string, now: number): Promise<void> {
  const sources: LinkSource[] = [{ fromQuestionId: questionId }];
  for (const a of await repo.availableAnswerIds(trx, questionId)) sources.push({ fromQuestionId: questionId, fromAnswerId: a });
  for (const s of await repo.linkSourcesTo(trx, questionId))
    sources.push({ fromQuestionId: s.from_question_id, fromAnswerId: s.from_answer_id });
  const seen = new Set<string>();
  for (const s of sources) {
    const key = `${s.fromQuestionId}:${s.fromAnswerId ?? '0'}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await resyncSource(trx, s, siteUrl, now);
  }
  await repo.recountLinked(trx, [questionId]);
}
