import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser, useSmtp } from '../../../tests/support/accounts.js';
import { askQuestion, insertQuestion, postAnswer } from '../../../tests/support/factories.js';
import { linkIn, startSmtp, type SmtpCapture } from '../../../tests/support/smtp.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { writeConfigValue } from '../config/config.repository.js';
import { DIGEST_LIMIT, runDigestIfDue, sendWeeklyDigest, WEEK_SECONDS } from './notification.mail.js';

let app: TestApp;
let smtp: SmtpCapture;
let admin: string;
beforeEach(async () => {
  app = await startTestApp();
  smtp = await startSmtp();
  await useSmtp(app, smtp.port);
  await captchaOff(app);
  admin = await adminToken(app);
  await askQuestion(app, admin, { ...MAIL_QUESTION, title: 'Seed question for the mail tag' });
});
afterEach(async () => {
  await app.stop();
  await smtp.close();
});

const V1 = '/answer/api/v1';
const db = () => app.lantern.ctx.db;
const settle = () => app.lantern.ctx.events.settle();

/** The mail's text with quoted-printable soft breaks and escapes undone. */
const text = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email.toLowerCase()));

/** The question the tests ask unless they name another title. */
const MAIL_QUESTION = { title: 'Where do the mails come from?', tags: ['mail'] };
const setConfig = (token: string, body: Record<string, { key: string; enable: boolean }>) =>
  app.call('PUT', `${V1}/user/notification/config`, { token, body });

describe('inbox mails', () => {
  it('mails the asker about a new answer with a link to it and a working unsubscribe link', async () => {
    const asker = await makeUser(app, { rank: 100, email: 'asker@example.com' });
    const helper = await makeUser(app, { rank: 100, name: 'Hana' });
    const qid = await askQuestion(app, asker.token, MAIL_QUESTION);
    const aid = await postAnswer(app, helper.token, qid, { content: 'Here is a **helpful** answer.' });
    await settle();
    const mail = await smtp.waitFor('asker@example.com');
    const body = text(mail.raw);
    expect(body).toMatch(/Subject: \[Test Site\] Hana answered your question/);
    expect(body).toContain('Where do the mails come from?');
    expect(body).toContain('Here is a helpful answer.');
    expect(linkIn(mail.raw, `/questions/${qid}/${aid}`).origin).toBe('http://127.0.0.1');
    expect(mail.raw).toMatch(/List-Unsubscribe:\s*<http:\/\/127\.0\.0\.1\/users\/unsubscribe\?code=\w+>/);
    const code = linkIn(mail.raw, '/users/unsubscribe?code=').searchParams.get('code')!;
    expect((await app.call('PUT', `${V1}/user/notification/unsubscribe`, { body: { code } })).status).toBe(200);
    expect((await app.call('GET', `${V1}/user/notification/config`, { token: asker.token })).body.data.inbox).toEqual({
      key: 'email',
      enable: false,
    });
    await postAnswer(app, (await makeUser(app, { rank: 100 })).token, qid, { content: 'Another answer after unsubscribing.' });
    await settle();
    expect(mailsTo('asker@example.com')).toHaveLength(1);
    // the inbox still shows both answers
    expect((await app.call('GET', `${V1}/notification/page?type=inbox`, { token: asker.token })).body.data.count).toBe(2);
    // the answerer got nothing
    expect(smtp.mails.every((m) => m.to.includes('asker@example.com'))).toBe(true);
  });

  it("mails comments, replies and invitations, following each receiver's inbox setting", async () => {
    const owner = await makeUser(app, { rank: 100, email: 'owner@example.com' });
    const guest = await makeUser(app, { rank: 100, name: 'guest', email: 'guest@example.com' });
    const quiet = await makeUser(app, { rank: 100, name: 'quiet', email: 'quiet@example.com' });
    const qid = await askQuestion(app, owner.token, MAIL_QUESTION);
    const cid = (
      await app.call('POST', `${V1}/comment`, { token: guest.token, body: { object_id: qid, original_text: 'Is this still a problem?' } })
    ).body.data.comment_id;
    await settle();
    const c = text((await smtp.waitFor('owner@example.com')).raw);
    expect(c).toMatch(/Subject: \[Test Site\] guest commented on your post/);
    expect(c).toContain('Is this still a problem?');
    expect(c).toContain(`/questions/${qid}?commentId=${cid}`);
    await app.call('POST', `${V1}/comment`, {
      token: owner.token,
      body: { object_id: qid, original_text: 'Yes, it still is.', reply_comment_id: cid },
    });
    await settle();
    expect(text((await smtp.waitFor('guest@example.com')).raw)).toContain('Yes, it still is.');
    expect(mailsTo('owner@example.com')).toHaveLength(1);
    expect((await setConfig(quiet.token, { inbox: { key: 'email', enable: false } })).status).toBe(200);
    expect(
      (await app.call('PUT', `${V1}/question/invite`, { token: owner.token, body: { id: qid, invite_user: ['guest', 'quiet'] } })).status,
    ).toBe(200);
    await settle();
    const invite = text((await smtp.waitFor('guest@example.com', 2)).raw);
    expect(invite).toMatch(/Subject: \[Test Site\] .+ invited you to answer/);
    expect(invite).toContain(`/questions/${qid}`);
    expect(mailsTo('quiet@example.com')).toHaveLength(0);
    expect((await app.call('GET', `${V1}/notification/page?type=inbox&inbox_type=invites`, { token: quiet.token })).body.data.count).toBe(
      1,
    );
  });

  it('mails nobody with an unverified address or without SMTP, and writes no outbox files for notifications', async () => {
    const unverified = await makeUser(app, { rank: 100, email: 'unverified@example.com', mailStatus: 2 });
    await db().updateTable('user').set({ mail_status: 1 }).where('id', '=', unverified.id).execute();
    const qid = await askQuestion(app, unverified.token, MAIL_QUESTION);
    await db().updateTable('user').set({ mail_status: 2 }).where('id', '=', unverified.id).execute();
    await postAnswer(app, (await makeUser(app, { rank: 100 })).token, qid, { content: 'Here is a **helpful** answer.' });
    await settle();
    expect(mailsTo('unverified@example.com')).toHaveLength(0);
    const owner = await makeUser(app, { rank: 100, email: 'nosmtp@example.com' });
    const q2 = await askQuestion(app, owner.token, { ...MAIL_QUESTION, title: 'A question while SMTP is off' });
    await writeConfigValue(
      db(),
      'email.config',
      JSON.stringify({
        from_email: '',
        from_name: '',
        smtp_host: '',
        smtp_port: 25,
        smtp_username: '',
        smtp_password: '',
        smtp_authentication: false,
        encryption: '',
      }),
    );
    await postAnswer(app, (await makeUser(app, { rank: 100 })).token, q2, { content: 'Here is a **helpful** answer.' });
    await settle();
    expect(mailsTo('nosmtp@example.com')).toHaveLength(0);
    const outbox = join(app.dataDir, 'outbox');
    expect(existsSync(outbox) ? readdirSync(outbox) : []).toEqual([]);
  });
});

describe('new-question mails', () => {
  it("mails followers of the question's tags who chose it, never the author", async () => {
    const fan = await makeUser(app, { email: 'fan@example.com' });
    const lukewarm = await makeUser(app, { email: 'lukewarm@example.com' });
    const author = await makeUser(app, { rank: 100, email: 'author@example.com' });
    for (const u of [fan, lukewarm, author])
      expect((await app.call('PUT', `${V1}/follow/tags`, { token: u.token, body: { slug_name_list: ['mail'] } })).status).toBe(200);
    await setConfig(fan.token, { all_new_question_for_following_tags: { key: 'email', enable: true } });
    await setConfig(author.token, { all_new_question_for_following_tags: { key: 'email', enable: true } });
    const qid = await askQuestion(app, author.token, { ...MAIL_QUESTION, title: 'A brand new question about mail' });
    await settle();
    const mail = text((await smtp.waitFor('fan@example.com')).raw);
    expect(mail).toMatch(/Subject: \[Test Site\] New question: A brand new question about mail/);
    expect(mail).toContain(`http://127.0.0.1/questions/${qid}`);
    expect(mail).toContain('/users/unsubscribe?code=');
    expect(mailsTo('lukewarm@example.com')).toHaveLength(0);
    expect(mailsTo('author@example.com')).toHaveLength(0);
  });
});

describe('weekly digest', () => {
  const listed = (mail: string, title: string) => new RegExp(`- ${title}\\r?\\n`).test(mail);

  it('sends subscribers at most 50 questions of the past week that others asked', async () => {
    const now = app.lantern.ctx.clock.now();
    const reader = await makeUser(app, { email: 'reader@example.com' });
    const asker = await makeUser(app, { email: 'asker2@example.com' });
    await makeUser(app, { email: 'nobody@example.com' });
    await setConfig(reader.token, { all_new_question: { key: 'email', enable: true } });
    await setConfig(asker.token, { all_new_question: { key: 'email', enable: true } });
    await db().deleteFrom('question').execute();
    await insertQuestion(app, {
      userId: asker.id,
      title: 'Too old to list',
      content: 'Too old to list',
      createdAt: now - WEEK_SECONDS - 10,
    });
    await insertQuestion(app, {
      userId: asker.id,
      title: 'Deleted this week',
      content: 'Deleted this week',
      createdAt: now - 100,
      status: 10,
    });
    for (let i = 0; i < DIGEST_LIMIT + 2; i++)
      await insertQuestion(app, {
        userId: asker.id,
        title: `Weekly question number ${i}`,
        content: `Weekly question number ${i}`,
        createdAt: now - 1000 + i,
      });
    await insertQuestion(app, { userId: reader.id, title: 'Asked by the reader', content: 'Asked by the reader', createdAt: now - 50 });
    expect(await sendWeeklyDigest(app.lantern.ctx, now)).toBe(2);
    const mail = text((await smtp.waitFor('reader@example.com')).raw);
    expect(mail).toMatch(/Subject: \[Test Site\] 50 new questions this week/);
    expect(listed(mail, 'Weekly question number 51')).toBe(true);
    expect(listed(mail, 'Weekly question number 2')).toBe(true);
    expect(listed(mail, 'Weekly question number 1')).toBe(false);
    expect(mail).not.toContain('Too old to list');
    expect(mail).not.toContain('Deleted this week');
    expect(mail).not.toContain('Asked by the reader');
    expect((mail.match(/Weekly question number/g) ?? []).length).toBe(DIGEST_LIMIT);
    const own = text((await smtp.waitFor('asker2@example.com')).raw);
    expect(own).toContain('Asked by the reader');
    expect(own).not.toContain('Weekly question number');
    expect(mailsTo('nobody@example.com')).toHaveLength(0);
  });

  it('sends nothing in a week without questions, and runs once a week when due', async () => {
    const now = app.lantern.ctx.clock.now();
    const reader = await makeUser(app, { email: 'weekly@example.com' });
    await setConfig(reader.token, { all_new_question: { key: 'email', enable: true } });
    expect(await sendWeeklyDigest(app.lantern.ctx, now + 30 * WEEK_SECONDS)).toBe(0);
    expect(await runDigestIfDue(app.lantern.ctx, now)).toBe(0);
    await insertQuestion(app, {
      userId: 1,
      title: 'A question for the weekly mail',
      content: 'A question for the weekly mail',
      createdAt: now + 3600,
    });
    expect(await runDigestIfDue(app.lantern.ctx, now + 3 * 24 * 3600)).toBe(0);
    expect(await runDigestIfDue(app.lantern.ctx, now + WEEK_SECONDS - 60)).toBe(0);
    expect(mailsTo('weekly@example.com')).toHaveLength(0);
    expect(await runDigestIfDue(app.lantern.ctx, now + WEEK_SECONDS)).toBe(1);
    expect(text((await smtp.waitFor('weekly@example.com')).raw)).toContain('A question for the weekly mail');
    expect(await runDigestIfDue(app.lantern.ctx, now + WEEK_SECONDS + 3600)).toBe(0);
    // the next week's digest found due by two runs at once (two processes' timers): one mail
    await insertQuestion(app, {
      userId: 1,
      title: 'A question for the second weekly mail',
      content: 'A question for the second weekly mail',
      createdAt: now + WEEK_SECONDS + 7200,
    });
    const runs = await Promise.all([
      runDigestIfDue(app.lantern.ctx, now + 2 * WEEK_SECONDS),
      runDigestIfDue(app.lantern.ctx, now + 2 * WEEK_SECONDS),
    ]);
    expect(runs.sort()).toEqual([0, 1]);
    await smtp.waitFor('weekly@example.com', 2);
    expect(mailsTo('weekly@example.com')).toHaveLength(2);
  });
});
