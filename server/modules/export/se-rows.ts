import { translate } from '../../contract/messages/index.js';
import * as repo from './se-export.repository.js';
import { PAGE } from './se-ids.js';
import { withoutCommentCredit } from './se-markdown.js';
import { authorAttrs, dumpHtml, dumpMarkdown, nextPage, type DumpRun } from './se-run.js';
import { dumpDate, DumpFileWriter } from './se-xml.js';

/** Votes.xml's VoteTypeId (up, down, favorite) and PostLinks.xml's LinkTypeId (linked, duplicate): Stack Exchange's codes. */
const SE_VOTE = { up: 2, down: 3, favorite: 5 } as const;
const SE_LINK = { linked: 1, duplicate: 3 } as const;
/** Badges.xml's Class: 1 gold, 2 silver, 3 bronze (Lantern's level: 1 bronze, 2 silver, 3 gold). */
const seBadgeClass = (level: number) => 4 - Math.min(3, Math.max(1, level));

/** Writes one file from pages of rows; `each` writes a page's rows. Returns the file name. */
async function eachPage<T, K>(
  run: DumpRun,
  file: string,
  root: string,
  read: (after: K) => Promise<T[]>,
  first: K,
  keyOf: (row: T) => K,
  each: (out: DumpFileWriter, page: T[]) => Promise<void>,
  out = new DumpFileWriter(run.dir, file, root),
  close = true,
): Promise<DumpFileWriter> {
  try {
    for (let after = first; ; ) {
      await nextPage(run);
      const page = await read(after);
      if (page.length === 0) break;
      after = keyOf(page[page.length - 1]);
      await each(out, page);
      run.progress(`${file}: ${out.rows} rows`);
    }
    if (close) await out.close();
  } catch (err) {
    out.destroy();
    throw err;
  }
  return out;
}

/** Users.xml: every account but the deleted ones and the importer's name-only placeholders. */
export async function writeUsers(run: DumpRun): Promise<string> {
  const out = await eachPage(
    run,
    'Users.xml',
    'users',
    (after: number) => repo.usersPage(run.db, after, PAGE),
    0,
    (u) => u.id,
    async (w, page) => {
      for (const u of page) {
        const id = run.ids.users.get(u.id);
        if (id === undefined) continue;
        await w.row({
          Id: id,
          Reputation: u.rank,
          CreationDate: dumpDate(u.created_at),
          DisplayName: u.display_name,
          LastAccessDate: u.last_login_date > 0 ? dumpDate(u.last_login_date) : undefined,
          WebsiteUrl: u.website || undefined,
          Location: u.location || undefined,
          AboutMe: u.bio.trim() ? dumpHtml(run, u.bio) : undefined,
        });
      }
    },
  );
  run.counts.users = out.rows;
  return out.file;
}

/** Comments.xml: the shown comments of exported posts, as markdown without the importer's credit. */
export async function writeComments(run: DumpRun): Promise<string> {
  const out = await eachPage(
    run,
    'Comments.xml',
    'comments',
    (after: string) => repo.commentsPage(run.db, after, PAGE),
    '',
    (c) => c.id,
    async (w, page) => {
      for (const c of page) {
        const id = run.ids.comments.get(c.id);
        if (id === undefined) continue;
        await w.row({
          Id: id,
          PostId: run.ids.posts.get(c.object_id),
          Score: c.vote_count,
          Text: dumpMarkdown(run, withoutCommentCredit(c.original_text)),
          CreationDate: dumpDate(c.created_at),
          ...authorAttrs(run.ids.author(c.user_id), 'UserId', 'UserDisplayName'),
        });
      }
    },
  );
  run.counts.comments = out.rows;
  return out.file;
}

/** Votes.xml: members' up and down votes on posts (with the voter, which the importer reads), then bookmarks as favorites. */
export async function writeVotes(run: DumpRun): Promise<string> {
  const { ids } = run;
  const votes = await eachPage(
    run,
    'Votes.xml',
    'votes',
    (after: number) => repo.votesPage(run.db, after, PAGE),
    0,
    (v) => v.id,
    async (w, page) => {
      for (const v of page) {
        const post = ids.posts.get(v.object_id);
        const voter = ids.users.get(v.user_id);
        if (post === undefined || voter === undefined) continue;
        const type = repo.isUpVote(v.activity_type) ? SE_VOTE.up : SE_VOTE.down;
        await w.row({ Id: w.rows + 1, PostId: post, VoteTypeId: type, UserId: voter, CreationDate: dumpDate(v.created_at) });
      }
    },
    undefined,
    false,
  );
  run.counts.votes = votes.rows;
  const out = await eachPage(
    run,
    'Votes.xml',
    'votes',
    (after: string) => repo.bookmarksPage(run.db, after, PAGE),
    '',
    (b) => b.id,
    async (w, page) => {
      for (const b of page) {
        const post = ids.posts.get(b.object_id);
        const user = ids.users.get(b.user_id);
        if (post === undefined || user === undefined || ids.answerOf.has(b.object_id)) continue;
        await w.row({ Id: w.rows + 1, PostId: post, VoteTypeId: SE_VOTE.favorite, UserId: user, CreationDate: dumpDate(b.created_at) });
      }
    },
    votes,
  );
  run.counts.bookmarks = out.rows - run.counts.votes;
  return out.file;
}

/** Badges.xml: awards of live badges to exported members, by the badge's English name. */
export async function writeBadges(run: DumpRun): Promise<string> {
  const out = await eachPage(
    run,
    'Badges.xml',
    'badges',
    (after: string) => repo.badgeAwardsPage(run.db, after, PAGE),
    '',
    (b) => b.id,
    async (w, page) => {
      for (const b of page) {
        const id = run.ids.badges.get(b.id);
        const user = run.ids.users.get(b.user_id);
        if (id === undefined || user === undefined) continue;
        await w.row({
          Id: id,
          UserId: user,
          Name: translate('en_US', b.name),
          Date: dumpDate(b.created_at),
          Class: seBadgeClass(b.level),
          TagBased: 'False',
        });
      }
    },
  );
  run.counts.badges = out.rows;
  return out.file;
}

/** PostLinks.xml: linked questions (type 1), and duplicate (type 3) for a question closed as a duplicate of the one it links. */
export async function writePostLinks(run: DumpRun): Promise<string> {
  const { ids } = run;
  const duplicate = (await repo.configId(run.db, 'reason.a_duplicate'))?.id;
  const out = await eachPage(
    run,
    'PostLinks.xml',
    'postlinks',
    (after: number) => repo.linksPage(run.db, after, PAGE),
    0,
    (l) => l.id,
    async (w, page) => {
      const closed = new Set<string>();
      for (const r of await repo.closeReasons(run.db, [...new Set(page.map((l) => l.from_question_id))])) {
        try {
          if (duplicate !== undefined && Number((JSON.parse(r.value) as { close_type?: unknown }).close_type) === Number(duplicate))
            closed.add(r.object_id);
        } catch {
          // a close reason that is not JSON closes nothing as a duplicate
        }
      }
      for (const l of page) {
        const from = ids.posts.get(l.from_answer_id !== '0' ? l.from_answer_id : l.from_question_id);
        const to = ids.posts.get(l.to_answer_id !== '0' ? l.to_answer_id : l.to_question_id);
        if (from === undefined || to === undefined) continue;
        const dup = l.from_answer_id === '0' && closed.has(l.from_question_id);
        await w.row({
          Id: w.rows + 1,
          CreationDate: dumpDate(l.created_at),
          PostId: from,
          RelatedPostId: to,
          LinkTypeId: dup ? SE_LINK.duplicate : SE_LINK.linked,
        });
      }
    },
  );
  run.counts.postLinks = out.rows;
  return out.file;
}
