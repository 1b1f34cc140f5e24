// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redDotFixture, renderWithApp, userFixture } from '../../../tests/support/render';
import { fail, mockFetch, ok, type FetchCall } from '../../../tests/support/fetch-mock';
import { checkFlagEdit } from './EditFlaggedPostDialog';
import { flagOperations } from './FlagCard';
import ReviewPage, { pickQueue } from './ReviewPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const now = Math.round(Date.now() / 1000);
const bob = { id: '3', username: 'bob', display_name: 'Bob', avatar: '', rank: 1, status: 'normal' };
const eve = { id: '4', username: 'eve', display_name: 'Eve', avatar: '', rank: 1, status: 'normal' };
const tag = (slug: string) => ({ slug_name: slug, display_name: slug, recommend: false, reserved: false });
const post = (id: string, title: string, body: string, over: object = {}) => ({
  created_at: now - 600,
  object_id: id,
  question_id: id,
  answer_id: '',
  comment_id: '',
  object_type: 'question',
  title,
  url_title: title.toLowerCase().replace(/\W+/g, '-'),
  original_text: body,
  parsed_text: `<p>${body}</p>`,
  tags: [tag('lanterns')],
  object_status: 1,
  object_show_status: 1,
  author_user_info: bob,
  ...over,
});
const queued = (n: number, title: string) => ({
  review_id: n,
  ...post(`1001000000000000${n}`, title, `Body of ${title}`, { object_status: 11 }),
  submit_at: now - 300,
  submitter_display_name: 'Post review queue',
  reason: 'first posts of a new user',
});
const flag = (id: string, title: string, over: object = {}) => ({
  flag_id: id,
  ...post('10010000000000009', title, 'Buy cheap lamp oil here', over),
  answer_count: 0,
  answer_accepted: false,
  reason: { reason_type: 1, name: 'spam', description: 'This post is an advertisement.', content_type: '' },
  reason_content: '',
  submit_at: now - 60,
  submitter_user: eve,
});
const suggestion = {
  type: 'question',
  info: {
    object_id: '10010000000000003',
    object_type: 'question',
    question_id: '10010000000000003',
    answer_id: '',
    title: 'How do I trim a wick?',
    url_title: 'how-do-i-trim-a-wick',
    content: 'Cut it flat with scissors.',
    html: '',
    tags: [tag('lanterns'), tag('oil')],
    status: 1,
  },
  unreviewed_info: {
    id: '77',
    object_id: '10010000000000003',
    title: 'How should I trim a lantern wick?',
    content: {
      title: 'How should I trim a lantern wick?',
      content: 'Cut it flat with sharp scissors.',
      tags: [tag('lanterns'), tag('wicks')],
    },
    create_at: now - 120,
    user_info: eve,
    reason: 'clearer title',
  },
};

/** A server with three queues that shrink as items are decided. */
function fakeServer(start: { queued?: object[]; flags?: object[]; edits?: object[] } = {}) {
  const q = { queued: [...(start.queued ?? [])], flags: [...(start.flags ?? [])], edits: [...(start.edits ?? [])] };
  const page = (list: object[]) => ({ count: list.length, list: list.slice(0, 1) });
  const { calls } = mockFetch({
    'GET /reviewing/type': () =>
      ok([
        { name: 'queued_post', label: 'Queued post', todo_amount: q.queued.length },
        { name: 'flagged_post', label: 'Flagged post', todo_amount: q.flags.length },
        { name: 'suggested_post_edit', label: 'Suggested edits', todo_amount: q.edits.length },
      ]),
    'GET /review/pending/post/page': () => ok(page(q.queued)),
    'GET /report/unreviewed/post': () => ok(page(q.flags)),
    'GET /revisions/unreviewed': () => ok(page(q.edits)),
    'PUT /review/pending/post': () => {
      q.queued.shift();
      return ok({});
    },
    'PUT /report/review': () => {
      q.flags.shift();
      return ok({});
    },
    'PUT /revisions/audit': () => {
      q.edits.shift();
      return ok({});
    },
    'GET /reasons': ok([
      { reason_type: 11, name: 'off-topic', description: 'Not about lanterns.', content_type: '', placeholder: '' },
      { reason_type: 12, name: 'needs details', description: 'Add the details.', content_type: '', placeholder: '' },
    ]),
    'GET /notification/status': ok(redDotFixture(0)),
  });
  return calls;
}

const admin = userFixture({ role_id: 2 });
const open = (path = '/review') =>
  renderWithApp(<ReviewPage />, { path, pattern: '/review', user: admin, routes: [{ path: '/403', element: <p>forbidden page</p> }] });
const puts = (calls: FetchCall[], path: string) => calls.filter((c) => c.method === 'PUT' && c.path === path).map((c) => c.body);
const item = () => screen.getByRole('article', { name: 'Item under review' });

describe('the review page', () => {
  it('picks the queue named by the address, else the first with work waiting', () => {
    const types = [
      { name: 'queued_post', label: '', todo_amount: 0 },
      { name: 'flagged_post', label: '', todo_amount: 2 },
      { name: 'suggested_post_edit', label: '', todo_amount: 1 },
    ];
    expect(pickQueue(null, types)).toBe('flagged_post');
    expect(pickQueue('suggested_post_edit', types)).toBe('suggested_post_edit');
    expect(pickQueue('bogus', types)).toBe('flagged_post');
    // a member who can only review suggested edits is offered only that queue
    expect(pickQueue('queued_post', [{ name: 'suggested_post_edit', label: '', todo_amount: 0 }])).toBe('suggested_post_edit');
    expect(pickQueue(null, [])).toBeNull();
  });

  it('shows the three queues with their counts and switches between them', async () => {
    fakeServer({
      queued: [queued(1, 'First lantern question')],
      flags: [flag('10070000000000001', 'Cheap lamp oil')],
      edits: [suggestion],
    });
    open();
    const tabs = await screen.findByRole('navigation', { name: 'Review queues' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Queued posts (1)', 'Flagged posts (1)', 'Suggested edits (1)']);
    expect(within(tabs).getByRole('link', { name: 'Queued posts (1)' }).getAttribute('aria-current')).toBe('page');
    expect(
      await within(await screen.findByRole('article', { name: 'Item under review' })).findByRole('heading', {
        name: 'First lantern question',
      }),
    ).toBeTruthy();
    await userEvent.click(within(tabs).getByRole('link', { name: 'Flagged posts (1)' }));
    expect(await within(item()).findByText('Reason: spam')).toBeTruthy();
    expect(within(item()).getByRole('heading', { name: 'Cheap lamp oil' })).toBeTruthy();
    await userEvent.click(within(tabs).getByRole('link', { name: 'Suggested edits (1)' }));
    expect(await within(item()).findByText('Edit summary: clearer title')).toBeTruthy();
  });

  it('approves and rejects queued posts, moving on to the next one, then shows the empty state', async () => {
    // other queues have work too: the page stays on the queue it opened with when that one runs empty
    const calls = fakeServer({ queued: [queued(1, 'First lantern question'), queued(2, 'Second lantern question')], edits: [suggestion] });
    open('/review');
    await screen.findByRole('heading', { name: 'First lantern question' });
    expect(within(item()).getByText('1 of 2 waiting')).toBeTruthy();
    expect(within(item()).getByText('Held back by Post review queue', { exact: false })).toBeTruthy();
    expect(within(item()).getByRole('link', { name: 'Edit post' }).getAttribute('href')).toBe('/posts/10010000000000001/edit');
    await userEvent.click(within(item()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { name: 'Second lantern question' })).toBeTruthy();
    expect(puts(calls, '/review/pending/post')).toEqual([{ review_id: 1, status: 'approve' }]);
    expect(await screen.findByRole('link', { name: 'Queued posts (1)' })).toBeTruthy();
    await userEvent.click(within(item()).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('No posts are waiting for approval.')).toBeTruthy();
    expect(puts(calls, '/review/pending/post')).toEqual([
      { review_id: 1, status: 'approve' },
      { review_id: 2, status: 'reject' },
    ]);
    expect(await screen.findByRole('link', { name: 'Queued posts (0)' })).toBeTruthy();
  });

  it('shows a suggested edit as a diff of title, tags and body against the current post; approving applies it', async () => {
    const calls = fakeServer({ edits: [suggestion] });
    const { container } = open('/review?type=suggested_post_edit');
    await screen.findByText('Edit summary: clearer title');
    const added = [...container.querySelectorAll('ins')].map((x) => x.textContent);
    const removed = [...container.querySelectorAll('del')].map((x) => x.textContent);
    // title: "How do I trim a wick?" -> "How should I trim a lantern wick?"
    expect(added).toEqual(expect.arrayContaining(['should', 'lantern ', 'wicks', 'sharp ']));
    expect(removed).toEqual(expect.arrayContaining(['do', 'oil']));
    expect(within(item()).getByRole('heading', { name: 'How do I trim a wick?' })).toBeTruthy();
    expect(within(item()).getByText('Edit suggested by', { exact: false })).toBeTruthy();
    await userEvent.click(within(item()).getByRole('button', { name: 'Approve edit' }));
    expect(await screen.findByText('No suggested edits are waiting.')).toBeTruthy();
    expect(puts(calls, '/revisions/audit')).toEqual([{ id: '77', operation: 'approve' }]);
  });

  it('rejects a suggested edit', async () => {
    const calls = fakeServer({ edits: [suggestion] });
    open('/review?type=suggested_post_edit');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject edit' }));
    expect(await screen.findByText('No suggested edits are waiting.')).toBeTruthy();
    expect(puts(calls, '/revisions/audit')).toEqual([{ id: '77', operation: 'reject' }]);
  });

  it('acts on flags: ignore, unlist, close with a reason, delete after confirming, each moving on', async () => {
    const calls = fakeServer({
      flags: [
        flag('10070000000000001', 'Flag one'),
        flag('10070000000000002', 'Flag two'),
        flag('10070000000000003', 'Flag three'),
        flag('10070000000000004', 'Flag four'),
      ],
    });
    open('/review?type=flagged_post');
    await screen.findByRole('heading', { name: 'Flag one' });
    const group = () => within(item()).getByRole('group', { name: 'Review actions' });
    expect(
      within(group())
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['Edit post', 'Close', 'Delete', 'Unlist', 'Ignore']);
    await userEvent.click(within(group()).getByRole('button', { name: 'Ignore' }));
    await screen.findByRole('heading', { name: 'Flag two' });
    await userEvent.click(within(group()).getByRole('button', { name: 'Unlist' }));
    await screen.findByRole('heading', { name: 'Flag three' });
    await userEvent.click(within(group()).getByRole('button', { name: 'Close' }));
    const closeDialog = await screen.findByRole('dialog', { name: 'Close question' });
    await userEvent.click(await within(closeDialog).findByLabelText('needs details', { exact: false }));
    await userEvent.type(within(closeDialog).getByRole('textbox'), 'Which lantern?');
    await userEvent.click(within(closeDialog).getByRole('button', { name: 'Close question' }));
    await screen.findByRole('heading', { name: 'Flag four' });
    await userEvent.click(within(group()).getByRole('button', { name: 'Delete' }));
    const del = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await userEvent.click(within(del).getByRole('button', { name: 'Delete post' }));
    expect(await screen.findByText('No flagged posts are waiting.')).toBeTruthy();
    expect(puts(calls, '/report/review')).toEqual([
      { flag_id: '10070000000000001', operation_type: 'ignore_report' },
      { flag_id: '10070000000000002', operation_type: 'unlist_post' },
      { flag_id: '10070000000000003', operation_type: 'close_post', close_type: 12, close_msg: 'Which lantern?' },
      { flag_id: '10070000000000004', operation_type: 'delete_post' },
    ]);
  });

  it('edits a flagged question in place, checking title and body first', async () => {
    const calls = fakeServer({ flags: [flag('10070000000000001', 'Cheap lamp oil')] });
    open('/review?type=flagged_post');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the flagged post' });
    const title = within(dialog).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.clear(within(dialog).getByLabelText('Body'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save edit' }));
    expect(within(dialog).getByText('Title cannot be empty.')).toBeTruthy();
    expect(within(dialog).getByText('Body cannot be empty.')).toBeTruthy();
    await userEvent.type(title, 'Lamp oil');
    await userEvent.type(within(dialog).getByLabelText('Body'), 'Which lamp oil burns cleanest?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save edit' }));
    expect(await screen.findByText('No flagged posts are waiting.')).toBeTruthy();
    expect(puts(calls, '/report/review')).toEqual([
      {
        flag_id: '10070000000000001',
        operation_type: 'edit_post',
        title: 'Lamp oil',
        content: 'Which lamp oil burns cleanest?',
        tags: [{ slug_name: 'lanterns' }],
      },
    ]);
  });

  it('shows a flagged answer and a flagged comment under their question, with the actions they allow', async () => {
    const answerFlag = flag('10070000000000005', 'How do I trim a wick?', {
      object_type: 'answer',
      object_id: '10020000000000004',
      answer_id: '10020000000000004',
      object_show_status: 0,
    });
    const commentFlag = flag('10070000000000006', 'How do I trim a wick?', {
      object_type: 'comment',
      object_id: '10040000000000002',
      comment_id: '10040000000000002',
      object_show_status: 0,
      tags: [],
    });
    const calls = fakeServer({ flags: [answerFlag, commentFlag] });
    open('/review?type=flagged_post');
    const heading = await screen.findByRole('heading', { name: 'Answer to: How do I trim a wick?' });
    expect(within(heading).getByRole('link').getAttribute('href')).toBe(
      '/questions/10010000000000009/how-do-i-trim-a-wick-/10020000000000004',
    );
    const group = () => within(item()).getByRole('group', { name: 'Review actions' });
    expect(
      within(group())
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['Edit post', 'Delete', 'Ignore']);
    // an answer is edited by its body alone
    await userEvent.click(within(group()).getByRole('button', { name: 'Edit post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the flagged post' });
    expect(within(dialog).queryByLabelText('Title')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Body'), ' Trim it flat.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save edit' }));
    expect(await screen.findByRole('heading', { name: 'Comment on: How do I trim a wick?' })).toBeTruthy();
    expect(
      within(group())
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['Edit post', 'Delete', 'Ignore']);
    expect(puts(calls, '/report/review')).toEqual([
      { flag_id: '10070000000000005', operation_type: 'edit_post', content: 'Buy cheap lamp oil here Trim it flat.' },
    ]);
  });

  it('shows a suggested tag edit by its name and description', async () => {
    const tagEdit = {
      type: 'tag',
      info: {
        object_id: '10030000000000001',
        object_type: 'tag',
        question_id: '',
        answer_id: '',
        title: 'lanterns',
        url_title: 'lanterns',
        content: 'Oil lanterns.',
        html: '',
        tags: [],
        status: 1,
      },
      unreviewed_info: {
        id: '78',
        object_id: '10030000000000001',
        title: '',
        content: { display_name: 'lanterns', slug_name: 'lanterns', original_text: 'Oil and gas lanterns.' },
        create_at: now - 60,
        user_info: eve,
        reason: '',
      },
    };
    fakeServer({ edits: [tagEdit] });
    const { container } = open('/review?type=suggested_post_edit');
    expect(await screen.findByText('No edit summary.')).toBeTruthy();
    expect(within(item()).getByRole('heading', { name: 'lanterns' }).querySelector('a')?.getAttribute('href')).toBe('/tags/lanterns/info');
    expect([...container.querySelectorAll('ins')].map((x) => x.textContent)).toEqual(['and gas ']);
    expect(container.querySelectorAll('del')).toHaveLength(0);
  });

  it('offers close and unlist only for open, listed questions, and only ignore for deleted posts', () => {
    expect(flagOperations({ object_type: 'answer', object_status: 1, object_show_status: 0 })).toEqual([
      'edit_post',
      'delete_post',
      'ignore_report',
    ]);
    expect(flagOperations({ object_type: 'question', object_status: 2, object_show_status: 2 })).toEqual([
      'edit_post',
      'delete_post',
      'ignore_report',
    ]);
    expect(flagOperations({ object_type: 'question', object_status: 10, object_show_status: 1 })).toEqual(['ignore_report']);
    const t = (k: string) => k;
    expect(checkFlagEdit(t, true, 'x'.repeat(151), 'b')).toEqual({ title: 'review.edit_title_length' });
    expect(checkFlagEdit(t, false, '', 'body')).toEqual({});
  });

  it('shows the 403 page when the server refuses the queues', async () => {
    mockFetch({ 'GET /reviewing/type': fail(403, 'base.forbidden', "You don't have permission to access this page.") });
    open();
    expect(await screen.findByRole('heading', { name: '403' })).toBeTruthy();
  });

  it('shows the 403 page when an action is refused', async () => {
    mockFetch({
      'GET /reviewing/type': ok([{ name: 'queued_post', label: '', todo_amount: 1 }]),
      'GET /review/pending/post/page': ok({ count: 1, list: [queued(1, 'First lantern question')] }),
      'PUT /review/pending/post': fail(403, 'base.forbidden', 'Forbidden'),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByText('forbidden page')).toBeTruthy());
  });

  it('shows the 403 page when closing from the dialog is refused', async () => {
    mockFetch({
      'GET /reviewing/type': ok([{ name: 'flagged_post', label: '', todo_amount: 1 }]),
      'GET /report/unreviewed/post': ok({ count: 1, list: [flag('10070000000000001', 'Cheap lamp oil')] }),
      'GET /reasons': ok([{ reason_type: 12, name: 'needs details', description: 'Add the details.', content_type: '', placeholder: '' }]),
      'PUT /report/review': fail(403, 'base.forbidden', 'Forbidden'),
    });
    open('/review?type=flagged_post');
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close question' });
    await userEvent.click(await within(dialog).findByLabelText('needs details', { exact: false }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close question' }));
    await waitFor(() => expect(screen.getByText('forbidden page')).toBeTruthy());
  });
});
