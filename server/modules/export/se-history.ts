import { createHash } from 'node:crypto';
import * as repo from './se-export.repository.js';
import { withoutPostCredit } from './se-markdown.js';
import { authorAttrs, dumpMarkdown, type DumpRun } from './se-run.js';
import { dumpDate, type DumpFileWriter } from './se-xml.js';

/** PostHistoryTypeId: initial title, body, tags; edits of each. Stack Exchange's codes. */
const SE_HISTORY = { initialTitle: 1, initialBody: 2, initialTags: 3, editTitle: 4, editBody: 5, editTags: 6 } as const;

/** A revision's GUID, made from the post and the revision's place (the same post and place give the same GUID). */
function revisionGuid(postId: number, n: number): string {
  const h = createHash('sha1').update(`lantern-revision:${postId}:${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

interface Snapshot {
  title?: string;
  content: string;
  tags?: string[];
}

/** A revision's stored snapshot (JSON of the post at that revision); plain text is read as the body. */
function snapshotOf(raw: string): Snapshot {
  try {
    const v = JSON.parse(raw) as { title?: unknown; content?: unknown; tags?: unknown };
    const tags = Array.isArray(v.tags)
      ? v.tags.map((t) => (typeof t === 'string' ? t : String((t as { slug_name?: unknown })?.slug_name ?? ''))).filter(Boolean)
      : undefined;
    return { title: typeof v.title === 'string' ? v.title : undefined, content: typeof v.content === 'string' ? v.content : '', tags };
  } catch {
    return { content: raw };
  }
}

/**
 * PostHistory.xml rows of these posts: each revision (accepted ones, oldest first) as a group of
 * rows sharing a RevisionGUID (title, body and tags of a question; the body of an answer), the body
 * as markdown, as the dumps keep it.
 */
export async function writeHistory(
  run: DumpRun,
  out: DumpFileWriter,
  posts: { id: string; user_id: number; created_at: number }[],
  kind: 'question' | 'answer',
): Promise<void> {
  const postIds = posts.map((p) => p.id);
  const post = new Map(posts.map((p) => [p.id, p]));
  for (let i = 0; i < postIds.length; i += 100) {
    const revisions = await repo.revisionsOf(run.db, postIds.slice(i, i + 100));
    const byPost = new Map<string, typeof revisions>();
    for (const r of revisions) byPost.set(r.object_id, [...(byPost.get(r.object_id) ?? []), r]);
    for (const id of postIds.slice(i, i + 100)) {
      const postId = run.ids.posts.get(id)!;
      const list = byPost.get(id) ?? [];
      // a post's only revision, by its author when it was posted, is what an import makes from Posts.xml itself
      const p = post.get(id)!;
      if (list.length === 1 && list[0].user_id === p.user_id && list[0].created_at === p.created_at && !list[0].log) continue;
      for (const [n, r] of list.entries()) {
        const snap = snapshotOf(r.content);
        const common = {
          PostId: postId,
          RevisionGUID: revisionGuid(postId, n),
          CreationDate: dumpDate(r.created_at),
          ...authorAttrs(run.ids.author(r.user_id), 'UserId', 'UserDisplayName'),
          Comment: r.log || undefined,
        };
        const first = n === 0;
        const rows: [number, string][] = [];
        if (kind === 'question') rows.push([first ? SE_HISTORY.initialTitle : SE_HISTORY.editTitle, r.title || snap.title || '']);
        rows.push([first ? SE_HISTORY.initialBody : SE_HISTORY.editBody, dumpMarkdown(run, withoutPostCredit(snap.content))]);
        if (kind === 'question' && snap.tags)
          rows.push([first ? SE_HISTORY.initialTags : SE_HISTORY.editTags, snap.tags.map((t) => `<${t}>`).join('')]);
        for (const [type, text] of rows) {
          await out.row({ Id: out.rows + 1, PostHistoryTypeId: type, ...common, Text: text });
        }
      }
    }
  }
}
