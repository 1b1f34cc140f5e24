import { QUESTION_STATUS } from '../../contract/enums.js';
import * as repo from './se-export.repository.js';
import { PAGE } from './se-ids.js';
import { withoutPostCredit, tagWikiParts } from './se-markdown.js';
import { writeHistory } from './se-history.js';
import { authorAttrs, dumpHtml, nextPage, type DumpRun } from './se-run.js';
import { dumpDate, DumpFileWriter } from './se-xml.js';

/** Tags as the dump's Tags attribute spells them (`<a><b>`, as the dumps here do). */
export const tagList = (slugs: string[]) => slugs.map((s) => `<${s}>`).join('');

const countsBy = async (run: DumpRun, ids: string[]) =>
  new Map((await repo.commentCounts(run.db, ids)).map((r) => [r.object_id, Number(r.n)]));

/** Posts.xml (questions, answers, tag wikis), Tags.xml and PostHistory.xml, a page at a time. */
export async function writePosts(run: DumpRun): Promise<string[]> {
  const posts = new DumpFileWriter(run.dir, 'Posts.xml', 'posts');
  const history = new DumpFileWriter(run.dir, 'PostHistory.xml', 'posthistory');
  const tags = new DumpFileWriter(run.dir, 'Tags.xml', 'tags');
  try {
    await writeQuestions(run, posts, history);
    await writeAnswers(run, posts, history);
    await writeTags(run, posts, tags);
    for (const w of [posts, history, tags]) await w.close();
  } catch (err) {
    for (const w of [posts, history, tags]) w.destroy();
    throw err;
  }
  run.counts.posts = posts.rows;
  run.counts.revisions = history.rows;
  run.counts.tags = tags.rows;
  return [posts.file, history.file, tags.file];
}

async function writeQuestions(run: DumpRun, posts: DumpFileWriter, history: DumpFileWriter): Promise<void> {
  const { ids } = run;
  let n = 0;
  for (let after = ''; ; ) {
    await nextPage(run);
    const page = await repo.questionsPage(run.db, after, PAGE);
    if (page.length === 0) break;
    after = page[page.length - 1].id;
    const pageIds = page.map((q) => q.id);
    const tagRows = await repo.tagsOfQuestions(run.db, pageIds);
    const comments = await countsBy(run, pageIds);
    for (const q of page) {
      const accepted = ids.posts.get(q.accepted_answer_id);
      await posts.row({
        Id: ids.posts.get(q.id),
        PostTypeId: 1,
        AcceptedAnswerId: accepted !== undefined && ids.answerOf.get(q.accepted_answer_id) === q.id ? accepted : undefined,
        CreationDate: dumpDate(q.created_at),
        Score: q.vote_count,
        ViewCount: q.view_count,
        Body: dumpHtml(run, withoutPostCredit(q.original_text)),
        ...authorAttrs(ids.author(q.user_id), 'OwnerUserId', 'OwnerDisplayName'),
        LastEditDate: q.updated_at > q.created_at ? dumpDate(q.updated_at) : undefined,
        LastActivityDate: dumpDate(q.post_update_time),
        Title: q.title,
        Tags: tagList(tagRows.filter((t) => t.object_id === q.id).map((t) => t.slug_name)),
        AnswerCount: q.answer_count,
        CommentCount: comments.get(q.id) ?? 0,
        FavoriteCount: q.collection_count,
        ClosedDate: q.status === QUESTION_STATUS.closed ? dumpDate(q.updated_at) : undefined,
      });
    }
    await writeHistory(run, history, page, 'question');
    n += page.length;
    run.progress(`Posts.xml: ${n} questions`);
  }
  run.counts.questions = n;
}

async function writeAnswers(run: DumpRun, posts: DumpFileWriter, history: DumpFileWriter): Promise<void> {
  const { ids } = run;
  let n = 0;
  for (let after = ''; ; ) {
    await nextPage(run);
    const page = await repo.answersPage(run.db, after, PAGE);
    if (page.length === 0) break;
    after = page[page.length - 1].id;
    const kept = page.filter((a) => ids.answerOf.has(a.id));
    const comments = await countsBy(
      run,
      kept.map((a) => a.id),
    );
    for (const a of kept) {
      await posts.row({
        Id: ids.posts.get(a.id),
        PostTypeId: 2,
        ParentId: ids.posts.get(a.question_id),
        CreationDate: dumpDate(a.created_at),
        Score: a.vote_count,
        Body: dumpHtml(run, withoutPostCredit(a.original_text)),
        ...authorAttrs(ids.author(a.user_id), 'OwnerUserId', 'OwnerDisplayName'),
        LastEditDate: a.updated_at > a.created_at ? dumpDate(a.updated_at) : undefined,
        LastActivityDate: dumpDate(Math.max(a.created_at, a.updated_at)),
        CommentCount: comments.get(a.id) ?? 0,
      });
    }
    await writeHistory(run, history, kept, 'answer');
    n += kept.length;
    run.progress(`Posts.xml: ${n} answers`);
  }
  run.counts.answers = n;
}

/** Tags.xml, and each described tag's wiki as the dump has it: an excerpt post (type 4) and a wiki body post (type 5). */
async function writeTags(run: DumpRun, posts: DumpFileWriter, tags: DumpFileWriter): Promise<void> {
  let n = 0;
  let wikis = 0;
  for (let after = ''; ; ) {
    await nextPage(run);
    const page = await repo.tagsPage(run.db, after, PAGE);
    if (page.length === 0) break;
    after = page[page.length - 1].slug_name;
    for (const t of page) {
      const { excerpt, wiki } = tagWikiParts(t.original_text);
      let wikiId: number | undefined;
      let excerptId: number | undefined;
      if (excerpt) {
        if (wiki) {
          wikiId = run.ids.newPostId();
          await posts.row({ Id: wikiId, PostTypeId: 5, CreationDate: dumpDate(t.created_at), Score: 0, Body: dumpHtml(run, wiki) });
        }
        excerptId = run.ids.newPostId();
        await posts.row({ Id: excerptId, PostTypeId: 4, CreationDate: dumpDate(t.created_at), Score: 0, Body: excerpt });
        wikis += 1;
      }
      n += 1;
      await tags.row({ Id: n, TagName: t.slug_name, Count: t.question_count, ExcerptPostId: excerptId, WikiPostId: wikiId });
    }
    run.progress(`Tags.xml: ${n} tags`);
  }
  run.counts.tagWikis = wikis;
}
