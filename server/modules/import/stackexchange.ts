import type { ImportCounts, ImportReport } from '../../contract/api/import.js';
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { Db } from '../../db/database.js';
import { refreshHotScores } from '../question/hot-score.js';
import { importAnswers } from './stackexchange-answers.js';
import { Authors } from './stackexchange-authors.js';
import { importBadges } from './stackexchange-badges.js';
import { DumpBatches } from './stackexchange-batches.js';
import { restoreDumpUploads } from './dump-uploads.js';
import { importComments } from './stackexchange-comments.js';
import { emptyCounts, type ImportOptions, type Site } from './stackexchange-common.js';
import type { SeImport } from './stackexchange-context.js';
import { emptyIdMap, loadIdMap } from './stackexchange-ids.js';
import { localiseLinks } from './stackexchange-local-links.js';
import { importHistory, readHistory } from './stackexchange-post-history.js';
import { importPostLinks } from './stackexchange-post-links.js';
import { emptyPostsRead, finishPosts } from './stackexchange-posts.js';
import { importQuestions } from './stackexchange-questions.js';
import { importTagWikis, readTags } from './stackexchange-tags.js';
import { importUsers } from './stackexchange-users.js';
import { importVotes } from './stackexchange-votes.js';

/** How one kind of row fared. */
export type Counts = ImportCounts;

/** What an import did. */
export type { ImportReport };

export type { ImportOptions, ImportProgress } from './stackexchange-common.js';
export { linkRewriter } from './stackexchange-local-links.js';

/** A site from a host or URL; throws for anything that is not a plain host name. */
export function siteFrom(raw: string): Site {
  let host = raw.trim().toLowerCase();
  if (host.includes('://')) host = new URL(host).host;
  host = host.replace(/\/+$/, '');
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) throw new Error(`not a site host name: ${raw}`);
  return { host, url: `https://${host}` };
}

/** The site a dump folder is named after: "coffee.stackexchange.com", "coffee", or "history-meta" for a meta site. */
export function guessSite(dir: string): string {
  const name = basename(resolve(dir)).toLowerCase();
  if (name.includes('.')) return name;
  const meta = /^(.+)-meta$/.exec(name);
  return meta ? `meta.${meta[1]}.stackexchange.com` : `${name}.stackexchange.com`;
}

/** The steps that read a file, in order, with the file each reads (for the progress fraction). */
const STEPS: [string, string][] = [
  ['users', 'Users.xml'],
  ['questions', 'Posts.xml'],
  ['answers', 'Posts.xml'],
  ['tags', 'Tags.xml'],
  ['comments', 'Comments.xml'],
  ['badges', 'Badges.xml'],
  ['post links', 'PostLinks.xml'],
  ['votes', 'Votes.xml'],
  ['history', 'PostHistory.xml'],
];

function emptyReport(site: Site): ImportReport {
  return {
    site: site.host,
    files: [],
    users: emptyCounts(),
    questions: emptyCounts(),
    answers: emptyCounts(),
    comments: emptyCounts(),
    posts: { rows: 0, otherTypes: 0, invalidType: 0 },
    placeholderUsers: 0,
    tagsCreated: 0,
    tagWikis: emptyCounts(),
    acceptedAnswers: 0,
    badges: emptyCounts(),
    postLinks: emptyCounts(),
    duplicatesClosed: 0,
    votes: { ...emptyCounts(), votes: 0, bookmarks: 0, inScore: 0 },
    history: emptyCounts(),
    revisions: 0,
    uploads: emptyCounts(),
    errors: [],
    seconds: 0,
  };
}

/** Each dump file's reader in turn, sharing the id map; the dump's well-formedness checked first when asked. */
async function runSteps(cx: SeImport, dir: string, options: ImportOptions): Promise<void> {
  const { batches, report } = cx;
  if (options.checkFirst === true) {
    const files = [...new Set(STEPS.map(([, f]) => f))];
    batches.planSteps([...files.map((f): [string, string] => ['check', f]), ...STEPS]);
    batches.beginStep('check');
    const problems = await batches.check(files);
    if (problems.length > 0) {
      report.errors.push(...problems);
      report.refused = 'The dump is not well-formed XML; nothing was imported.';
      return;
    }
  } else batches.planSteps(STEPS);
  await loadIdMap(cx.db, cx.site.host, cx.ids);
  batches.beginStep('users');
  await importUsers(cx);
  const posts = emptyPostsRead();
  batches.beginStep('questions');
  await importQuestions(cx, posts);
  batches.beginStep('answers');
  await importAnswers(cx, posts);
  await finishPosts(cx, posts);
  let excerptTags = new Map<number, { slug: string; wikiPostId?: number }>();
  if (existsSync(join(dir, 'Tags.xml'))) {
    batches.beginStep('tags');
    excerptTags = await readTags(cx);
  }
  await importTagWikis(cx, posts, excerptTags);
  batches.beginStep('comments');
  await importComments(cx);
  batches.beginStep('links');
  await localiseLinks(cx);
  batches.beginStep('badges');
  await importBadges(cx);
  batches.beginStep('post links');
  await importPostLinks(cx);
  batches.beginStep('votes');
  await importVotes(cx);
  batches.beginStep('history');
  await importHistory(cx, await readHistory(cx));
  // a Lantern export holds the uploads its posts show under uploads/: back to the same paths
  const uploads = options.uploads;
  if (uploads) {
    batches.beginStep('uploads');
    report.uploads = await restoreDumpUploads(cx.db, {
      dumpDir: dir,
      host: cx.site.host,
      uploadsDir: uploads.dir,
      basePath: uploads.basePath,
      now: Math.floor(Date.now() / 1000),
      signal: options.signal,
    });
  }
  // imported questions are old: without a score they would be missing from the hot list and related panels
  batches.beginStep('hot scores');
  await refreshHotScores(cx.db, Math.floor(Date.now() / 1000), { all: true });
}

/**
 * Imports a Stack Exchange dump folder (Users.xml, Posts.xml, Comments.xml; each optional but
 * one of the first two needed) into the database: users as accounts that cannot log in,
 * questions with their tags, answers, accepted answers, comments, scores as vote counts and the
 * original dates. Bodies become markdown with an attribution line (author, link to the original,
 * CC BY-SA licence). Bad rows are skipped and counted; each row is written whole or not at all;
 * running it again adds only rows not imported before.
 */
export async function importStackExchange(db: Db, dir: string, options: ImportOptions): Promise<ImportReport> {
  const site = siteFrom(options.site);
  const started = performance.now();
  const report = emptyReport(site);
  if (!existsSync(join(dir, 'Posts.xml')) && !existsSync(join(dir, 'Users.xml'))) {
    report.errors.push(`no Posts.xml or Users.xml in ${dir}`);
    return report;
  }
  const batchSize = Math.max(1, options.batchSize ?? 500);
  const batches = new DumpBatches(db, dir, batchSize, report, options.log ?? (() => {}), options);
  const ids = emptyIdMap();
  const cx: SeImport = { db, site, batchSize, report, ids, batches, authors: new Authors(site, ids, batches, report) };
  await runSteps(cx, dir, options);
  if (batches.stopped() && !report.refused)
    report.refused = 'The import was stopped; what was imported stays, and a repeated import goes on from there.';
  report.seconds = Math.round((performance.now() - started) / 10) / 100;
  batches.tellProgress('', 0, 0, true);
  return report;
}
