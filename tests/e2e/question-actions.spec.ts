import { type Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { INSTALLED, loginAs, shot, submitWithCaptcha, type E2EServer, pooledPage } from '../support/e2e-server';
import { Api, expectAccessible, png, QuestionFormPage, QuestionPage } from './question-pages';

// The question page's actions in a LAN browser against the built server: mentions in comments,
// flags, close/reopen, delete/undelete, pin/unlist, bookmark/follow, reactions, invitations, and the
// editor (pasted image, dialogs), the unsaved-changes prompt and drafts. Screenshots 90-99.
test.describe.configure({ mode: 'serial' });

let server: E2EServer;
let api: Api;
const GRACE = { email: 'grace@example.com', pass: 'grace-password-1' };
const BOB = { email: 'bob@example.com', pass: 'bob-password-1' };
const MOLLY = { email: 'molly@example.com', pass: 'molly-password-1' };
const TITLE = 'Why does my storm lantern flicker in the wind?';
let qid = '';
let otherId = '';

/** The action row of a post. */
const actionsOf = (post: Locator) => post.getByRole('group', { name: 'Post actions' }).first();

test.beforeAll(async ({ servers, serverEnv }, info) => {
  server = await servers.for(info.file, serverEnv);
  api = new Api(server);
  api.token = await api.tokenOf(INSTALLED.ADMIN_EMAIL, INSTALLED.ADMIN_PASSWORD);
  expect(
    (
      await api.call('PUT', '/admin/api/siteinfo/general', {
        name: 'Team Lantern',
        site_url: server.url,
        contact_email: 'team@example.com',
        short_description: '',
        description: 'Questions about lanterns.',
      })
    ).code,
  ).toBe(200);
  expect(
    (
      await api.call('POST', '/admin/api/users', {
        users: `grace, ${GRACE.email}, ${GRACE.pass}\nbob, ${BOB.email}, ${BOB.pass}\nmolly, ${MOLLY.email}, ${MOLLY.pass}`,
      })
    ).code,
  ).toBe(200);
  const molly = await api.call('GET', '/api/v1/personal/user/info?username=molly');
  expect((await api.call('PUT', '/admin/api/user/role', { user_id: molly.data.id, role_id: 3 })).code).toBe(200);
  const custom = [
    ['rank.question.vote_up', 1],
    ['rank.answer.vote_up', 1],
    ['rank.comment.vote_up', 1],
    ['rank.answer.invite_someone_to_answer', 500],
  ].map(([key, value]) => ({ key, value }));
  expect((await api.call('PUT', '/admin/api/setting/privileges', { level: 99, custom_privileges: custom })).code).toBe(200);
  expect(
    (
      await api.call('POST', '/api/v1/tag', {
        slug_name: 'lanterns',
        display_name: 'lanterns',
        original_text: 'Oil, gas and electric lanterns.',
      })
    ).code,
  ).toBe(200);
  const graceToken = await api.tokenOf(GRACE.email, GRACE.pass);
  const bobToken = await api.tokenOf(BOB.email, BOB.pass);
  const other = await api.call('POST', '/api/v1/question', {
    title: 'Which glass chimney fits a storm lantern?',
    content: 'Mine cracked last winter.',
    tags: [{ slug_name: 'lanterns' }],
  });
  otherId = other.data.id;
  const q = await api.call(
    'POST',
    '/api/v1/question',
    { title: TITLE, content: 'The flame **dances** whenever the door opens.', tags: [{ slug_name: 'lanterns' }] },
    graceToken,
  );
  expect(q.code).toBe(200);
  qid = q.data.id;
  const a = await api.call('POST', '/api/v1/answer', { question_id: qid, content: 'Close the vents halfway and trim the wick.' }, bobToken);
  expect(a.code).toBe(200);
  // a question that links to this one: it shows in the linked panel
  expect(
    (
      await api.call('POST', '/api/v1/question', {
        title: 'Lantern chimney soot after windy nights',
        content: `See ${server.url}/questions/${qid} for the flicker.`,
        tags: [{ slug_name: 'lanterns' }],
      })
    ).code,
  ).toBe(200);
});

test('who sees which action: visitor, member, asker and moderator', async ({ pageAs }) => {
  const visitor = await pageAs();
  await visitor.goto(`${server.url}/questions/${qid}`);
  const vq = new QuestionPage(visitor);
  await expect(visitor.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(actionsOf(vq.question).getByRole('button', { name: 'Share' })).toBeVisible();
  for (const name of ['Flag', 'Close', 'Delete', 'Pin', 'Unlist'])
    await expect(actionsOf(vq.question).getByRole('button', { name, exact: true })).toHaveCount(0);
  await expect(actionsOf(vq.question).getByRole('link', { name: 'Timeline' })).toHaveCount(0);
  await expect(visitor.getByRole('heading', { name: 'Invite people to answer' })).toHaveCount(0);
  // side panels: linked (the question linking here) and related (same tag)
  await expect(visitor.getByRole('heading', { name: 'Linked questions' })).toBeVisible();
  await expect(
    visitor.getByRole('complementary').getByRole('link', { name: 'Lantern chimney soot after windy nights' }).first(),
  ).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'All linked questions' })).toHaveAttribute('href', `/questions/linked/${qid}`);
  await expect(visitor.getByRole('heading', { name: 'Related questions' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Hot questions' })).toBeVisible();
  // share shows the link with a copy button
  await actionsOf(vq.question).getByRole('button', { name: 'Share' }).click();
  await expect(visitor.getByRole('textbox', { name: 'Link to this post' })).toHaveValue(`${server.url}/questions/${qid}`);
  await expectAccessible(visitor);
  await shot(visitor, '90-question-visitor-share');
  await visitor.context().close();

  const bob = await pageAs(BOB);
  await bob.goto(`${server.url}/questions/${qid}`);
  const bq = new QuestionPage(bob);
  await expect(actionsOf(bq.question).getByRole('button', { name: 'Flag', exact: true })).toBeVisible();
  await expect(actionsOf(bq.question).getByRole('link', { name: 'Timeline' })).toHaveAttribute('href', `/posts/${qid}/timeline`);
  for (const name of ['Close', 'Delete', 'Pin', 'Unlist'])
    await expect(actionsOf(bq.question).getByRole('button', { name, exact: true })).toHaveCount(0);
  // his own answer: delete yes, flag no
  await expect(actionsOf(bq.answerBy('bob')).getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  await bob.context().close();

  const molly = await pageAs(MOLLY);
  await molly.goto(`${server.url}/questions/${qid}`);
  const mq = new QuestionPage(molly);
  for (const name of ['Close', 'Delete', 'Pin', 'Unlist', 'Flag'])
    await expect(actionsOf(mq.question).getByRole('button', { name, exact: true })).toBeVisible();
  await expectAccessible(molly);
  await shot(molly, '91-question-moderator');
  await molly.context().close();
});

test('bob comments with an @mention chosen from suggestions; it becomes a link; grace up-votes it and bob edits it', async ({ pageAs }) => {
  const bob = await pageAs(BOB);
  const q = new QuestionPage(bob);
  await bob.goto(`${server.url}/questions/${qid}`);
  await q.question.getByRole('button', { name: 'Add a comment' }).click();
  const field = q.question.getByLabel('Comment', { exact: true });
  await field.pressSequentially('Thanks @gra');
  const option = bob.getByRole('listbox', { name: 'People to mention' }).getByRole('option', { name: /grace/ });
  await expect(option).toBeVisible();
  await field.press('Enter');
  await expect(field).toHaveValue('Thanks @grace ');
  await field.pressSequentially('for the details.');
  await expectAccessible(bob);
  await submitWithCaptcha(bob, server, () => q.question.getByRole('button', { name: 'Add comment' }).click());
  const comments = q.question.getByRole('list', { name: 'Comments' });
  const mention = comments.getByRole('link', { name: '@grace' });
  await expect(mention).toBeVisible();
  await expect(mention).toHaveAttribute('href', /\/users\/grace$/);
  await shot(bob, '92-comment-mention');
  // the author edits within the server's window
  await comments.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = q.question.getByLabel('Edit comment', { exact: true });
  await edit.fill('x');
  await q.question.getByRole('button', { name: 'Save edits' }).click();
  await expect(q.question.getByText('Comment must be 2 to 600 characters.')).toBeVisible();
  await edit.fill('');
  await q.question.getByRole('button', { name: 'Save edits' }).click();
  await expect(q.question.getByText('Comment cannot be empty.')).toBeVisible();
  await edit.fill('Thanks @grace for all the details.');
  await submitWithCaptcha(bob, server, () => q.question.getByRole('button', { name: 'Save edits' }).click());
  await expect(comments.getByText('for all the details.')).toBeVisible();
  await bob.context().close();

  const grace = await pageAs(GRACE);
  await grace.goto(`${server.url}/questions/${qid}`);
  const gq = new QuestionPage(grace);
  const vote = gq.question.getByRole('list', { name: 'Comments' }).getByRole('button', { name: 'Up-vote this comment' });
  await vote.click();
  await expect(gq.question.getByRole('list', { name: 'Comments' }).getByRole('button', { name: 'Take back your up-vote' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(gq.question.locator('.comment-votes')).toHaveText('1');
  // a reply names whom it answers
  await gq.question.getByRole('button', { name: 'Reply to bob' }).click();
  await expect(gq.question.getByText('Replying to bob')).toBeVisible();
  await gq.question.getByLabel('Comment', { exact: true }).fill('Glad it helps.');
  await submitWithCaptcha(grace, server, () => gq.question.getByRole('button', { name: 'Add comment' }).click());
  await expect(gq.question.getByRole('list', { name: 'Comments' }).getByText('Glad it helps.')).toBeVisible();
  await expect(gq.question.getByRole('list', { name: 'Comments' }).getByRole('link', { name: '@bob' }).first()).toBeVisible();
  await grace.context().close();
});

test('grace flags bob\'s answer: a reason is required, "something else" needs a remark; bob flags a question as a duplicate of a URL of this site', async ({
  pageAs,
}) => {
  const grace = await pageAs(GRACE);
  const q = new QuestionPage(grace);
  await grace.goto(`${server.url}/questions/${qid}`);
  await actionsOf(q.answerBy('bob')).getByRole('button', { name: 'Flag', exact: true }).click();
  const dialog = grace.getByRole('dialog', { name: 'Flag' });
  await expect(dialog.getByRole('radio', { name: /not an answer/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Flag', exact: true }).click();
  await expect(dialog.getByText('Please select a reason.')).toBeVisible();
  await dialog.getByRole('radio', { name: /something else/ }).check();
  await dialog.getByRole('button', { name: 'Flag', exact: true }).click();
  await expect(dialog.getByText('Cannot be empty.')).toBeVisible();
  await expectAccessible(grace);
  await shot(grace, '93-flag-dialog');
  await dialog.getByLabel('Remark').fill('It copies another answer word for word.');
  await submitWithCaptcha(grace, server, () => dialog.getByRole('button', { name: 'Flag', exact: true }).click());
  await expect(grace.getByText('Thanks for flagging.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await grace.context().close();

  const bob = await pageAs(BOB);
  const bq = new QuestionPage(bob);
  await bob.goto(`${server.url}/questions/${otherId}`);
  await actionsOf(bq.question).getByRole('button', { name: 'Flag', exact: true }).click();
  const flag = bob.getByRole('dialog', { name: 'Flag' });
  await flag.getByRole('radio', { name: /a duplicate/ }).check();
  const url = flag.getByLabel('Link to the original question');
  await url.fill('not a link');
  await flag.getByRole('button', { name: 'Flag', exact: true }).click();
  await expect(flag.getByText('URL format is incorrect.')).toBeVisible();
  await url.fill(`https://elsewhere.example.com/questions/${qid}`);
  await flag.getByRole('button', { name: 'Flag', exact: true }).click();
  await expect(flag.getByText('URL origin does not match the current website.')).toBeVisible();
  await url.fill(`${server.url}/questions/${qid}`);
  await submitWithCaptcha(bob, server, () => flag.getByRole('button', { name: 'Flag', exact: true }).click());
  await expect(bob.getByText('Thanks for flagging.')).toBeVisible();
  await bob.context().close();
});

test('bookmark and follow with their counts, and reactions with who reacted', async ({ pageAs }) => {
  const bob = await pageAs(BOB);
  const q = new QuestionPage(bob);
  await bob.goto(`${server.url}/questions/${qid}`);
  const actions = actionsOf(q.question);
  await actions.getByRole('button', { name: 'Bookmark', exact: true }).click();
  await expect(actions.getByRole('button', { name: 'Bookmarked' })).toHaveAttribute('aria-pressed', 'true');
  await expect(actions.getByTestId('bookmark-count')).toContainText('1 bookmark');
  // the asker follows her own question: bob's follow makes two
  await actions.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(actions.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
  await expect(actions.getByTestId('follow-count')).toContainText(/\d followers?/);
  const reactions = q.question.getByRole('group', { name: 'Reactions' });
  await reactions.getByRole('button', { name: 'Heart: 0' }).click();
  await expect(reactions.getByRole('button', { name: 'Heart: 1' })).toHaveAttribute('aria-pressed', 'true');
  await reactions.getByRole('button', { name: 'Smile: 0' }).click();
  await expect(reactions.getByRole('button', { name: 'Smile: 1' })).toHaveAttribute('aria-pressed', 'true');
  await reactions.getByRole('button', { name: 'Smile: 1' }).click();
  await expect(reactions.getByRole('button', { name: 'Smile: 0' })).toHaveAttribute('aria-pressed', 'false');
  await bob.reload();
  await expect(actions.getByRole('button', { name: 'Bookmarked' })).toBeVisible();
  await expect(reactions.getByRole('button', { name: 'Heart: 1' })).toHaveAttribute('aria-pressed', 'true');
  await bob.context().close();

  const grace = await pageAs(GRACE);
  await grace.goto(`${server.url}/questions/${qid}`);
  const heart = new QuestionPage(grace).question.getByRole('group', { name: 'Reactions' }).getByRole('button', { name: 'Heart: 1' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(heart).toHaveAccessibleDescription('Reacted by bob');
  await grace.context().close();
});

test('grace invites bob to answer; bob sees the invitation but cannot change it', async ({ pageAs }) => {
  const grace = await pageAs(GRACE);
  await grace.goto(`${server.url}/questions/${qid}`);
  const panel = grace.getByRole('region', { name: 'Invite people to answer' });
  await expect(panel.getByText('No one is invited yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Invite' }).click();
  const dialog = grace.getByRole('dialog', { name: 'Invite people to answer' });
  await dialog.getByLabel('People (search by username)').pressSequentially('bo');
  await dialog.getByRole('button', { name: /@bob/ }).click();
  await expect(dialog.getByRole('button', { name: 'Remove bob' })).toBeVisible();
  await expectAccessible(grace);
  await shot(grace, '94-invite-dialog');
  await submitWithCaptcha(grace, server, () => dialog.getByRole('button', { name: 'Save invitations' }).click());
  await expect(grace.getByText('Invitations saved.')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'bob' })).toBeVisible();
  await grace.context().close();

  const bob = await pageAs(BOB);
  await bob.goto(`${server.url}/questions/${qid}`);
  const bobPanel = bob.getByRole('region', { name: 'Invite people to answer' });
  await expect(bobPanel.getByRole('link', { name: 'bob' })).toBeVisible();
  await expect(bobPanel.getByRole('button', { name: 'Invite' })).toHaveCount(0);
  await bob.context().close();
});

test('molly pins and unpins the question, then unlists and lists it', async ({ pageAs }) => {
  const molly = await pageAs(MOLLY);
  const q = new QuestionPage(molly);
  await molly.goto(`${server.url}/questions/${qid}`);
  const actions = actionsOf(q.question);
  await actions.getByRole('button', { name: 'Pin', exact: true }).click();
  await molly.getByRole('dialog', { name: 'Pin question' }).getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(actions.getByRole('button', { name: 'Unpin', exact: true })).toBeVisible();
  await molly.goto(`${server.url}/questions`);
  await expect(molly.locator('.q-item').first()).toContainText(TITLE);
  await expect(molly.locator('.q-item').first()).toContainText('Pinned');
  await molly.goto(`${server.url}/questions/${qid}`);
  // a pinned question cannot be unlisted (the server changes nothing): unpin first
  await actions.getByRole('button', { name: 'Unpin', exact: true }).click();
  await molly.getByRole('dialog', { name: 'Unpin question' }).getByRole('button', { name: 'Unpin', exact: true }).click();
  await expect(actions.getByRole('button', { name: 'Pin', exact: true })).toBeVisible();
  await actions.getByRole('button', { name: 'Unlist', exact: true }).click();
  await molly.getByRole('dialog', { name: 'Unlist question' }).getByRole('button', { name: 'Unlist', exact: true }).click();
  await expect(actions.getByRole('button', { name: 'List', exact: true })).toBeVisible();
  const visitor = await pageAs();
  await visitor.goto(`${server.url}/questions`);
  await expect(visitor.locator('.q-item').filter({ hasText: 'Which glass chimney' })).toBeVisible();
  await expect(visitor.locator('.q-item').filter({ hasText: TITLE })).toHaveCount(0);
  await visitor.context().close();
  await actions.getByRole('button', { name: 'List', exact: true }).click();
  await molly.getByRole('dialog', { name: 'List question' }).getByRole('button', { name: 'List', exact: true }).click();
  await expect(actions.getByRole('button', { name: 'Unlist', exact: true })).toBeVisible();
  await molly.context().close();
});

test('bob deletes his answer; molly sees it deleted and undeletes it', async ({ pageAs }) => {
  const bob = await pageAs(BOB);
  const q = new QuestionPage(bob);
  await bob.goto(`${server.url}/questions/${qid}`);
  await actionsOf(q.answerBy('bob')).getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = bob.getByRole('dialog', { name: 'Delete post' });
  await expect(confirm.getByText(/We do not recommend deleting useful answers/)).toBeVisible();
  await submitWithCaptcha(bob, server, () => confirm.getByRole('button', { name: 'Delete', exact: true }).click());
  await expect(bob.getByText('Deleted.', { exact: true })).toBeVisible();
  // its author still sees it, marked deleted, and may write a new answer
  await expect(q.answerBy('bob').getByText('This answer has been deleted.')).toBeVisible();
  await expect(actionsOf(q.answerBy('bob')).getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(bob.getByRole('heading', { level: 2, name: 'Your answer' })).toBeVisible();
  await bob.context().close();

  const molly = await pageAs(MOLLY);
  const mq = new QuestionPage(molly);
  await molly.goto(`${server.url}/questions/${qid}`);
  const answer = mq.answerBy('bob');
  await expect(answer.getByText('This answer has been deleted.')).toBeVisible();
  await expectAccessible(molly);
  await shot(molly, '95-answer-deleted-staff');
  await actionsOf(answer).getByRole('button', { name: 'Undelete', exact: true }).click();
  await molly.getByRole('dialog', { name: 'Undelete post' }).getByRole('button', { name: 'Undelete', exact: true }).click();
  await expect(molly.getByText('Undeleted.', { exact: true })).toBeVisible();
  await expect(answer.getByText('This answer has been deleted.')).toHaveCount(0);
  await expect(actionsOf(answer).getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  await molly.context().close();
});

test('molly closes the question (a reason is required, a duplicate needs a URL of this site) and reopens it', async ({ pageAs }) => {
  const molly = await pageAs(MOLLY);
  const q = new QuestionPage(molly);
  await molly.goto(`${server.url}/questions/${qid}`);
  await actionsOf(q.question).getByRole('button', { name: 'Close', exact: true }).click();
  const dialog = molly.getByRole('dialog', { name: 'Close question' });
  await dialog.getByRole('button', { name: 'Close question' }).click();
  await expect(dialog.getByText('Please select a reason.')).toBeVisible();
  await dialog.getByRole('radio', { name: /a duplicate/ }).check();
  await dialog.getByLabel('Link to the original question').fill('https://elsewhere.example.com/questions/1');
  await dialog.getByRole('button', { name: 'Close question' }).click();
  await expect(dialog.getByText('URL origin does not match the current website.')).toBeVisible();
  await dialog.getByRole('radio', { name: /needs details or clarity/ }).check();
  await dialog.getByLabel('Message (optional)').fill('Say which lantern model.');
  await expectAccessible(molly);
  await shot(molly, '96-close-dialog');
  await dialog.getByRole('button', { name: 'Close question' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(molly.getByTestId('post-notice')).toContainText('This question is closed.');
  await expect(molly.getByTestId('post-notice')).toContainText('needs details or clarity');
  await expect(molly.getByTestId('post-notice')).toContainText('Say which lantern model.');
  await expect(molly.getByRole('heading', { name: 'Your answer' })).toHaveCount(0);
  await actionsOf(q.question).getByRole('button', { name: 'Reopen', exact: true }).click();
  await molly.getByRole('dialog', { name: 'Reopen question' }).getByRole('button', { name: 'Reopen', exact: true }).click();
  await expect(molly.getByTestId('post-notice')).toHaveCount(0);
  await expect(actionsOf(q.question).getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await molly.context().close();
});

test('an image pasted into the answer editor is uploaded and shows in the preview; the toolbar dialogs insert links and code', async ({
  pageAs,
}) => {
  const molly = await pageAs(MOLLY);
  const q = new QuestionPage(molly);
  await molly.goto(`${server.url}/questions/${otherId}`);
  const field = q.answerField;
  await field.fill('Here is mine: ');
  await field.press('End');
  const bytes = [...png(30, 20, [40, 160, 60])];
  await field.evaluate((el, bytes) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(bytes)], 'pasted.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, bytes);
  await expect(field).toHaveValue(/^Here is mine: !\[\]\(.+\/uploads\/post\/[0-9a-f]+\.png\)$/);
  const preview = molly.getByRole('region', { name: 'Preview' });
  await expect
    .poll(() =>
      preview
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(30);
  // a pasted file that is not an image is refused with the existing message
  await field.evaluate((el) => {
    const dt = new DataTransfer();
    dt.items.add(new File(['plain'], 'notes.txt', { type: 'text/plain' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  await expect(molly.getByText('Only images can be uploaded.')).toBeVisible();
  // Ctrl+K opens the link dialog; the URL is required
  await field.press('End');
  await field.press('Control+k');
  const link = molly.getByRole('dialog', { name: 'Insert a link' });
  await link.getByLabel('URL', { exact: true }).fill('');
  await link.getByRole('button', { name: 'Insert' }).click();
  await expect(link.getByText('URL cannot be empty.')).toBeVisible();
  await link.getByLabel('URL', { exact: true }).fill('https://example.com/wicks');
  await link.getByLabel('Link text (optional)').fill('wick guide');
  await expectAccessible(molly);
  await shot(molly, '97-editor-link-dialog');
  await link.getByRole('button', { name: 'Insert' }).click();
  await expect(field).toHaveValue(/\[wick guide\]\(https:\/\/example\.com\/wicks\)$/);
  await expect(preview.getByRole('link', { name: 'wick guide' })).toBeVisible();
  // code block: the code is required
  await molly.getByRole('button', { name: 'Code block' }).click();
  const code = molly.getByRole('dialog', { name: 'Insert a code block' });
  await code.getByRole('button', { name: 'Insert' }).click();
  await expect(code.getByText('Code cannot be empty.')).toBeVisible();
  await code.getByLabel('Code', { exact: true }).fill('trim --wick');
  await code.getByRole('button', { name: 'Insert' }).click();
  await expect(preview.locator('pre code')).toContainText('trim --wick');
  // Ctrl+B wraps the selection
  await field.press('End');
  await field.pressSequentially('\nvery ');
  await field.press('Control+b');
  await expect(field).toHaveValue(/very \*\*bold text\*\*$/);
  await molly.context().close();
});

test('leaving the ask form with changes asks first; a draft comes back after a reload', async ({ pageAs }) => {
  const grace = await pageAs(GRACE);
  const form = new QuestionFormPage(grace);
  await grace.goto(`${server.url}/questions/ask`);
  await form.title.fill('How long does a lantern mantle last?');
  await form.body.fill('Mine crumbled after a week.');
  await grace.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Questions' }).click();
  const prompt = grace.getByRole('dialog', { name: 'Leave this page?' });
  await expect(prompt.getByText('Changes you made may not be saved.')).toBeVisible();
  await expectAccessible(grace);
  await shot(grace, '98-unsaved-prompt');
  await prompt.getByRole('button', { name: 'Stay' }).click();
  await expect(grace).toHaveURL(/\/questions\/ask$/);
  await expect(form.title).toHaveValue('How long does a lantern mantle last?');
  // the draft is saved 3 s after the last change (seen in local storage); a reload (the browser's own prompt accepted) restores it
  await grace.waitForFunction(
    () => (localStorage.getItem('lantern.question_draft') ?? '').includes('How long does a lantern mantle last?'),
    undefined,
    { timeout: 10_000 },
  );
  grace.on('dialog', (d) => void d.accept());
  await grace.reload();
  await expect(grace.getByText('Your unsaved draft was restored.')).toBeVisible();
  await expect(form.title).toHaveValue('How long does a lantern mantle last?');
  await expect(form.body).toHaveValue('Mine crumbled after a week.');
  await expectAccessible(grace);
  await shot(grace, '99-draft-restored');
  // a restored draft unchanged leaves without asking; a change asks, and Leave goes
  await form.title.fill('How long does a gas lantern mantle last?');
  await grace.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Questions' }).click();
  await grace.getByRole('dialog', { name: 'Leave this page?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(grace).toHaveURL(/\/questions$/);
  await expect(grace.getByRole('heading', { level: 1, name: 'All questions' })).toBeVisible();
  // back on the ask page the draft is still there; discarding it empties the form
  await grace.goto(`${server.url}/questions/ask`);
  await expect(form.title).toHaveValue('How long does a gas lantern mantle last?');
  await grace.getByRole('button', { name: 'Discard draft' }).click();
  await expect(form.title).toHaveValue('');
  await grace.reload();
  await expect(grace.getByText('Your unsaved draft was restored.')).toHaveCount(0);
  await grace.context().close();
});

test('on a phone-width screen the question page and its actions fit', async ({ browser }) => {
  const page = await pooledPage(browser, { viewport: { width: 360, height: 740 } });
  await loginAs(page, server, MOLLY.email, MOLLY.pass);
  await page.goto(`${server.url}/questions/${qid}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, '91b-question-phone');
  await page.context().close();
});
