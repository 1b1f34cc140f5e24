import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { importSummary } from '../../cli/program.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { SOURCE_KEY } from './stackexchange.repository.js';
import { importStackExchange, type ImportReport } from './stackexchange.js';

// Badges.xml, PostLinks.xml, Votes.xml and PostHistory.xml of a small synthetic dump (attributes
// as in the real dumps), checked through the API as a member sees them.

const SITE = 'gears.example.org';
const api = (path: string) => `/answer/api/v1${path}`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const row = (attrs: Record<string, string>) =>
  `  <row ${Object.entries(attrs)
    .map(([k, v]) => `${k}="${esc(v)}"`)
    .join(' ')} />`;
const file = (root: string, rows: Record<string, string>[]) =>
  `\uFEFF<?xml version="1.0" encoding="utf-8"?>\n<${root}>\n${rows.map(row).join('\n')}\n</${root}>`;
const day = (d: string) => Date.parse(`${d}Z`) / 1000;

const FILES: Record<string, string> = {
  'Users.xml': file('users', [
    { Id: '1', DisplayName: 'Alice Gearwright', CreationDate: '2015-01-01T00:00:00.000', Reputation: '120' },
    { Id: '2', DisplayName: 'Bob Cogsworth', CreationDate: '2015-01-01T00:00:00.000', Reputation: '50' },
    { Id: '3', DisplayName: 'Carol Sprocket', CreationDate: '2015-01-01T00:00:00.000', Reputation: '10' },
  ]),
  'Posts.xml': file('posts', [
    {
      Id: '10',
      PostTypeId: '1',
      CreationDate: '2015-02-01T10:00:00.000',
      Score: '5',
      Title: 'Original about gears',
      Body: '<p>Second body text about gear trains.</p>',
      OwnerUserId: '1',
      Tags: '<gears>',
      LastEditDate: '2015-02-04T10:00:00.000',
    },
    {
      Id: '11',
      PostTypeId: '2',
      ParentId: '10',
      CreationDate: '2015-02-01T12:00:00.000',
      Score: '2',
      Body: '<p>Use a worm gear.</p>',
      OwnerUserId: '2',
    },
    {
      Id: '20',
      PostTypeId: '1',
      CreationDate: '2015-02-05T10:00:00.000',
      Score: '0',
      Title: 'Duplicate about gears',
      Body: '<p>Same question again.</p>',
      OwnerUserId: '2',
      Tags: '<gears>',
      ClosedDate: '2015-02-06T10:00:00.000',
    },
    {
      Id: '30',
      PostTypeId: '1',
      CreationDate: '2015-02-07T10:00:00.000',
      Score: '1',
      Title: 'Linking question about cogs',
      Body: '<p>Cogs, not gears.</p>',
      OwnerUserId: '3',
      Tags: '<gears>',
    },
  ]),
  'Badges.xml': file('badges', [
    { Id: '1', UserId: '1', Name: 'Autobiographer', Date: '2015-03-01T08:00:00.000', Class: '3', TagBased: 'False' },
    { Id: '2', UserId: '1', Name: 'Autobiographer', Date: '2015-03-02T08:00:00.000', Class: '3', TagBased: 'False' },
    { Id: '3', UserId: '2', Name: 'Nice Answer', Date: '2015-03-03T08:00:00.000', Class: '3', TagBased: 'False' },
    { Id: '4', UserId: '2', Name: 'nice answer', Date: '2015-03-04T08:00:00.000', Class: '3', TagBased: 'False' },
    { Id: '5', UserId: '1', Name: 'Yearling', Date: '2016-01-01T08:00:00.000', Class: '2', TagBased: 'False' },
    { Id: '6', UserId: '99', Name: 'Scholar', Date: '2015-03-05T08:00:00.000', Class: '3', TagBased: 'False' },
    { Id: '7', UserId: '1', Name: 'gears', Date: '2015-03-06T08:00:00.000', Class: '3', TagBased: 'True' },
    { Id: '8', UserId: '1', Name: 'Editor', Date: 'last week', Class: '3', TagBased: 'False' },
  ]),
  'PostLinks.xml': file('postlinks', [
    { Id: '1', CreationDate: '2015-02-07T10:00:00.000', PostId: '30', RelatedPostId: '10', LinkTypeId: '1' },
    { Id: '2', CreationDate: '2015-02-06T10:00:00.000', PostId: '20', RelatedPostId: '10', LinkTypeId: '3' },
    { Id: '3', CreationDate: '2015-02-08T10:00:00.000', PostId: '11', RelatedPostId: '30', LinkTypeId: '1' },
    { Id: '4', CreationDate: '2015-02-08T10:00:00.000', PostId: '999', RelatedPostId: '10', LinkTypeId: '1' },
    { Id: '5', CreationDate: '2015-02-08T10:00:00.000', PostId: '30', RelatedPostId: '10', LinkTypeId: '2' },
    { Id: '6', CreationDate: '2015-02-08T10:00:00.000', PostId: '11', RelatedPostId: '10', LinkTypeId: '1' },
  ]),
  'Votes.xml': file('votes', [
    { Id: '1', PostId: '10', VoteTypeId: '2', CreationDate: '2015-02-02T00:00:00.000' },
    { Id: '2', PostId: '10', VoteTypeId: '2', UserId: '3', CreationDate: '2015-02-02T00:00:00.000' },
    { Id: '3', PostId: '11', VoteTypeId: '3', UserId: '1', CreationDate: '2015-02-02T00:00:00.000' },
    { Id: '4', PostId: '10', VoteTypeId: '5', UserId: '2', CreationDate: '2015-02-03T00:00:00.000' },
    { Id: '5', PostId: '10', VoteTypeId: '5', UserId: '98', CreationDate: '2015-02-03T00:00:00.000' },
    { Id: '6', PostId: '10', VoteTypeId: '8', UserId: '1', CreationDate: '2015-02-03T00:00:00.000', BountyAmount: '50' },
    { Id: '7', PostId: '10', VoteTypeId: '10', CreationDate: '2015-02-03T00:00:00.000' },
    { Id: '8', PostId: '999', VoteTypeId: '2', CreationDate: '2015-02-03T00:00:00.000' },
    { Id: '9', PostId: '10', VoteTypeId: '2', UserId: '1', CreationDate: '2015-02-03T00:00:00.000' },
    { Id: '10', PostId: 'ten', VoteTypeId: '2', CreationDate: '2015-02-03T00:00:00.000' },
  ]),
  'PostHistory.xml': file('posthistory', [
    {
      Id: '1',
      PostHistoryTypeId: '1',
      PostId: '10',
      RevisionGUID: 'g-1',
      CreationDate: '2015-02-01T10:00:00.000',
      UserId: '1',
      Text: 'First title about gears',
      ContentLicense: 'CC BY-SA 3.0',
    },
    {
      Id: '2',
      PostHistoryTypeId: '2',
      PostId: '10',
      RevisionGUID: 'g-1',
      CreationDate: '2015-02-01T10:00:00.000',
      UserId: '1',
      Text: 'First body text',
      ContentLicense: 'CC BY-SA 3.0',
    },
    {
      Id: '3',
      PostHistoryTypeId: '3',
      PostId: '10',
      RevisionGUID: 'g-1',
      CreationDate: '2015-02-01T10:00:00.000',
      UserId: '1',
      Text: '<gears><teeth>',
      ContentLicense: 'CC BY-SA 3.0',
    },
    {
      Id: '4',
      PostHistoryTypeId: '2',
      PostId: '11',
      RevisionGUID: 'g-5',
      CreationDate: '2015-02-01T12:00:00.000',
      UserId: '2',
      Text: 'Use a worm gear.',
      ContentLicense: 'CC BY-SA 3.0',
    },
    {
      Id: '5',
      PostHistoryTypeId: '5',
      PostId: '10',
      RevisionGUID: 'g-2',
      CreationDate: '2015-02-02T10:00:00.000',
      UserId: '2',
      Comment: 'fixed grammar',
      Text: 'Second body text, with a mistake',
      ContentLicense: 'CC BY-SA 3.0',
    },
    {
      Id: '6',
      PostHistoryTypeId: '4',
      PostId: '10',
      RevisionGUID: 'g-3',
      CreationDate: '2015-02-03T10:00:00.000',
      UserId: '3',
      Comment: 'better title',
      Text: 'Original about gears',
      ContentLicense: 'CC BY-SA 3.0',
    },
    {
      Id: '7',
      PostHistoryTypeId: '6',
      PostId: '10',
      RevisionGUID: 'g-3',
      CreationDate: '2015-02-03T10:00:00.000',
      UserId: '3',
      Comment: 'better title',
      Text: '<gears>',
      ContentLicense: 'CC BY-SA 3.0',
    },
    {
      Id: '8',
      PostHistoryTypeId: '10',
      PostId: '10',
      RevisionGUID: 'g-9',
      CreationDate: '2015-02-03T11:00:00.000',
      UserId: '1',
      Text: '{"Voters":[]}',
    },
    {
      Id: '9',
      PostHistoryTypeId: '8',
      PostId: '10',
      RevisionGUID: 'g-4',
      CreationDate: '2015-02-04T10:00:00.000',
      UserId: '1',
      Comment: 'Rollback to Revision 1',
      Text: 'Second body text about gear trains.',
      ContentLicense: 'CC BY-SA 3.0',
    },
    {
      Id: '10',
      PostHistoryTypeId: '2',
      PostId: '999',
      RevisionGUID: 'g-7',
      CreationDate: '2015-02-04T10:00:00.000',
      UserId: '1',
      Text: 'gone',
    },
    { Id: '11', PostHistoryTypeId: '5', PostId: '10', RevisionGUID: 'g-8', CreationDate: 'soon', UserId: '1', Text: 'bad date' },
    {
      Id: '12',
      PostHistoryTypeId: '5',
      PostId: '30',
      RevisionGUID: 'g-6',
      CreationDate: '2015-02-08T10:00:00.000',
      UserId: '3',
      Comment: 'typo',
      Text: 'Cogs, not gears!',
    },
  ]),
};

let app: TestApp;
let dir: string;
let first: ImportReport;
let again: ImportReport;

const sourceOf = async (value: string) => {
  const r = await app.lantern.ctx.db
    .selectFrom('meta')
    .select('object_id')
    .where('key', '=', SOURCE_KEY)
    .where('value', '=', `${SITE}/${value}`)
    .executeTakeFirstOrThrow();
  return r.object_id;
};
const usernameOf = async (seId: number) => {
  const id = Number(await sourceOf(`u/${seId}`));
  return (await app.lantern.ctx.db.selectFrom('user').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username;
};
async function get(path: string, token?: string) {
  const r = await app.call('GET', api(path), { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
  dir = mkdtempSync(join(tmpdir(), 'se-more-'));
  const d = join(dir, 'gears');
  mkdirSync(d);
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(d, name), text);
  first = await importStackExchange(app.lantern.ctx.db, d, { site: SITE, batchSize: 3 });
  again = await importStackExchange(app.lantern.ctx.db, d, { site: SITE, batchSize: 3 });
}, 120_000);
afterAll(async () => {
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('Badges.xml', () => {
  it('awards the badges this site has, by name in any case, to imported users on their dates; the rest is counted by why', async () => {
    expect(first.errors).toEqual([]);
    expect(first.files).toEqual(
      ['Users.xml', 'Posts.xml', 'Comments.xml', 'Badges.xml', 'PostLinks.xml', 'Votes.xml', 'PostHistory.xml'].filter((f) => f in FILES),
    );
    expect(first.badges).toEqual({
      rows: 8,
      imported: 3,
      existing: 0,
      skipped: 5,
      reasons: {
        'single badge already held': 1,
        'no such badge here: Yearling': 1,
        'unknown user (UserId)': 1,
        'tag badge (not kept)': 1,
        'invalid Date': 1,
      },
    });
    const alice = (await get(`/badge/user/awards?username=${await usernameOf(1)}`)).list;
    expect(alice.map((b: any) => [b.name, b.earned_count])).toEqual([['Autobiographer', 1]]);
    const bob = (await get(`/badge/user/awards?username=${await usernameOf(2)}`)).list;
    expect(bob.map((b: any) => [b.name, b.earned_count])).toEqual([['Nice Answer', 2]]);
    const nice = bob[0].id;
    expect((await get(`/badge?id=${nice}`)).award_count).toBe(2);
    const awards = await get(`/badge/awards/page?badge_id=${alice[0].id}&username=${await usernameOf(1)}`);
    expect(awards.list.map((a: any) => a.created_at)).toEqual([day('2015-03-01T08:00:00.000')]);
  });

  it('a repeat adds no award; the award counts stay', async () => {
    expect(again.badges).toMatchObject({ rows: 8, imported: 0, existing: 3 });
    const bob = (await get(`/badge/user/awards?username=${await usernameOf(2)}`)).list;
    expect(bob.map((b: any) => [b.name, b.earned_count])).toEqual([['Nice Answer', 2]]);
    expect((await get(`/badge?id=${bob[0].id}`)).award_count).toBe(2);
  });
});

describe('PostLinks.xml', () => {
  it('lists linking questions under the linked one; a duplicate of a question closed in the dump closes it as a duplicate of the original', async () => {
    expect(first.postLinks).toEqual({
      rows: 6,
      imported: 3,
      existing: 0,
      skipped: 3,
      reasons: { 'unknown post (PostId)': 1, 'invalid LinkTypeId': 1, 'links its own question': 1 },
    });
    expect(first.duplicatesClosed).toBe(1);
    const [q10, q20, q30] = [await sourceOf('q/10'), await sourceOf('q/20'), await sourceOf('q/30')];
    const linking = await get(`/question/link?question_id=${q10}&page=1&page_size=20`);
    expect(linking.list.map((q: any) => q.id).sort()).toEqual([q20, q30].sort());
    // a link written in an answer (11, of question 10) lists its question
    expect((await get(`/question/link?question_id=${q30}&page=1&page_size=20`)).list.map((q: any) => q.id)).toEqual([q10]);
    const dup = await get(`/question/info?id=${q20}`);
    expect(dup.operation.type).toBe('a duplicate');
    // as closing as a duplicate does: the original's URL on this site
    const { site_url: siteUrl } = await app.lantern.ctx.settings.get('general');
    expect(dup.operation.msg).toBe(`${siteUrl}/questions/${q10}/original-about-gears`);
    expect((await get(`/question/info?id=${q10}`)).operation ?? null).toBeNull();
    expect(again.postLinks).toMatchObject({ imported: 0, existing: 3 });
    expect(again.duplicatesClosed).toBe(0);
    expect((await get(`/question/link?question_id=${q10}&page=1&page_size=20`)).count).toBe(2);
  });
});

describe('Votes.xml', () => {
  it('keeps scores: votes of imported voters become their votes, the rest stay in the score; favorites become bookmarks', async () => {
    expect(first.votes).toEqual({
      rows: 10,
      imported: 3,
      existing: 0,
      skipped: 5,
      votes: 2,
      bookmarks: 1,
      inScore: 2,
      reasons: {
        'favorite of an unknown user (UserId)': 1,
        'bounty (not kept)': 1,
        'vote type 10 (not kept)': 1,
        'unknown post (PostId)': 1,
        'invalid PostId': 1,
      },
    });
    expect(again.votes).toMatchObject({ imported: 0, existing: 3, inScore: 2 });
    const [q10, a11] = [await sourceOf('q/10'), await sourceOf('a/11')];
    expect((await get(`/question/info?id=${q10}`)).vote_count).toBe(5);
    expect((await get(`/question/info?id=${q10}`)).collection_count).toBe(1);
    const answers = await get(`/answer/page?question_id=${q10}&page=1&page_size=20`);
    expect(answers.list.find((a: any) => a.id === a11).vote_count).toBe(2);

    // Carol's imported up-vote is hers: voting up again changes nothing, cancelling it takes one off
    const carol = (await app.lantern.ctx.sessions.issue(Number(await sourceOf('u/3')))).accessToken;
    const repeat = await app.call('POST', api('/vote/up'), { token: carol, body: { object_id: q10, is_cancel: false } });
    expect(repeat.body.data).toMatchObject({ votes: 5, vote_status: 'vote_up' });
    const cancel = await app.call('POST', api('/vote/up'), { token: carol, body: { object_id: q10, is_cancel: true } });
    expect(cancel.body.data).toMatchObject({ votes: 4, vote_status: '' });
    // a new member's up-vote on score 5 makes 6
    await app.call('POST', api('/vote/up'), { token: carol, body: { object_id: q10, is_cancel: false } });
    const member = await makeUser(app, { rank: 10_000 });
    const up = await app.call('POST', api('/vote/up'), { token: member.token, body: { object_id: q10, is_cancel: false } });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data.votes).toBe(6);

    // Bob's favorite is in his bookmarks
    const bob = (await app.lantern.ctx.sessions.issue(Number(await sourceOf('u/2')))).accessToken;
    const bookmarks = await get('/personal/collection/page?page=1&page_size=20', bob);
    expect(bookmarks.list.map((q: any) => q.id)).toEqual([q10]);
  });
});

describe('PostHistory.xml', () => {
  it('revisions of a post in order with authors, dates and comments; the newest is the post as Posts.xml has it', async () => {
    expect(first.history).toEqual({
      rows: 12,
      imported: 8,
      existing: 0,
      skipped: 4,
      reasons: {
        'type 10 (not a revision)': 1,
        'unknown post (PostId)': 1,
        'invalid CreationDate': 1,
        'history without its first revision': 1,
      },
    });
    expect(first.revisions).toBe(5);
    expect(again.history).toMatchObject({ imported: 0, existing: 8 });
    const q10 = await sourceOf('q/10');
    const revisions = await get(`/revisions?object_id=${q10}`);
    expect(revisions.map((r: any) => [r.create_at, r.user_info?.display_name, r.reason, r.title])).toEqual([
      [day('2015-02-04T10:00:00.000'), 'Alice Gearwright', 'Rollback to Revision 1', 'Original about gears'],
      [day('2015-02-03T10:00:00.000'), 'Carol Sprocket', 'better title', 'Original about gears'],
      [day('2015-02-02T10:00:00.000'), 'Bob Cogsworth', 'fixed grammar', 'First title about gears'],
      [day('2015-02-01T10:00:00.000'), 'Alice Gearwright', '', 'First title about gears'],
    ]);
    const oldest = revisions[3].content;
    expect(oldest.content).toMatch(/^First body text\n\n<!-- attribution -->/);
    expect(oldest.tags.map((t: any) => t.slug_name)).toEqual(['gears', 'teeth']);
    expect(revisions[2].content.content).toMatch(/^Second body text, with a mistake/);
    expect(revisions[1].content.tags.map((t: any) => t.slug_name)).toEqual(['gears']);
    // the post and its newest revision are the Posts.xml text
    const q = await get(`/question/info?id=${q10}`);
    expect(q.content).toMatch(/^Second body text about gear trains\./);
    expect(revisions[0].content.content).toBe(q.content);

    const member = await makeUser(app);
    const timeline = await app.call('GET', api(`/activity/timeline?object_id=${q10}`), { token: member.token });
    expect(timeline.status).toBe(200);
    const items = (timeline.body.data.timeline as any[]).filter((t) => ['asked', 'edited', 'rollback'].includes(t.activity_type));
    // newest first
    expect(items.map((t) => [t.activity_type, t.user_info?.username, t.created_at])).toEqual([
      ['rollback', await usernameOf(1), day('2015-02-04T10:00:00.000')],
      ['edited', await usernameOf(3), day('2015-02-03T10:00:00.000')],
      ['edited', await usernameOf(2), day('2015-02-02T10:00:00.000')],
      ['asked', await usernameOf(1), day('2015-02-01T10:00:00.000')],
    ]);
    expect(items[2].comment).toContain('fixed grammar');
    // the entries point at the revisions: the first edit compares the first two
    const detail = await app.call(
      'GET',
      api(`/activity/timeline/detail?new_revision_id=${items[2].revision_id}&old_revision_id=${items[3].revision_id}`),
      { token: member.token },
    );
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.data.old_revision.original_text).toMatch(/^First body text/);
    expect(detail.body.data.new_revision.original_text).toMatch(/^Second body text, with a mistake/);

    // an answer with only its first revision keeps one revision; the post without its first revision keeps its own
    expect((await get(`/revisions?object_id=${await sourceOf('a/11')}`)).length).toBe(1);
    expect((await get(`/revisions?object_id=${await sourceOf('q/30')}`)).length).toBe(1);
  });
});

describe('PostHistory.xml after the post was revised here', () => {
  it('leaves a post edited since its import as it is, saying why', async () => {
    const d = join(dir, 'later');
    mkdirSync(d);
    writeFileSync(
      join(d, 'Posts.xml'),
      file('posts', [
        {
          Id: '40',
          PostTypeId: '1',
          CreationDate: '2015-02-01T10:00:00.000',
          Title: 'A question edited here later',
          Body: '<p>Body as imported.</p>',
          OwnerDisplayName: 'Dana',
          Tags: '<gears>',
        },
      ]),
    );
    await importStackExchange(app.lantern.ctx.db, d, { site: 'later.example.org' });
    const id = (
      await app.lantern.ctx.db
        .selectFrom('meta')
        .select('object_id')
        .where('key', '=', SOURCE_KEY)
        .where('value', '=', 'later.example.org/q/40')
        .executeTakeFirstOrThrow()
    ).object_id;
    const admin = (await app.lantern.ctx.sessions.issue(1)).accessToken;
    const edit = await app.call('PUT', api('/question'), {
      token: admin,
      body: {
        id,
        title: 'A question edited here later',
        content: 'Body as edited here, long enough.',
        tags: [{ slug_name: 'gears' }],
        edit_summary: 'local edit',
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    writeFileSync(
      join(d, 'PostHistory.xml'),
      file('posthistory', [
        {
          Id: '1',
          PostHistoryTypeId: '2',
          PostId: '40',
          RevisionGUID: 'h-1',
          CreationDate: '2015-02-01T10:00:00.000',
          UserDisplayName: 'Dana',
          Text: 'Body as first written',
        },
      ]),
    );
    const r = await importStackExchange(app.lantern.ctx.db, d, { site: 'later.example.org' });
    expect(r.history).toEqual({ rows: 1, imported: 0, existing: 0, skipped: 1, reasons: { 'post revised here since it was imported': 1 } });
    const revisions = await get(`/revisions?object_id=${id}`);
    expect(revisions.map((x: any) => x.reason)).toEqual(['local edit', '']);
    expect((await get(`/question/info?id=${id}`)).content).toBe('Body as edited here, long enough.');
  });
});

describe('the import summary of the command line', () => {
  it('has a line per file kind with its counts and why rows were skipped', () => {
    const text = importSummary(first, 1);
    expect(text).toContain('Imported Users.xml, Posts.xml, Badges.xml, PostLinks.xml, Votes.xml, PostHistory.xml from gears.example.org:');
    expect(text).toMatch(
      /badges\s+8 rows, 3 imported, 0 already there, 5 skipped \(single badge already held: 1, no such badge here: Yearling: 1,/,
    );
    expect(text).toMatch(/post links\s+6 rows, 3 imported/);
    expect(text).toContain('questions closed as duplicates: 1');
    expect(text).toContain('votes of imported voters: 2; bookmarks: 1; votes kept in the scores: 2');
    expect(text).toMatch(/history\s+12 rows, 8 imported/);
    expect(text).toContain('revisions made: 5');
  });
});
