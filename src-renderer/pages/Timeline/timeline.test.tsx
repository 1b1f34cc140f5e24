// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../tests/support/render';
import type { TimelineEvent } from '../../api/activity/types';
import type { UserBrief } from '../../api/types';
import { diffText, diffTokens, words } from './diff';
import TimelinePage, { previousRevisions } from './TimelinePage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const now = Math.round(Date.now() / 1000);
const grace: UserBrief = {
  id: '2',
  username: 'grace',
  display_name: 'Grace',
  avatar: '',
  rank: 1,
  website: '',
  location: '',
  language: '',
  status: 'normal',
};
const event = (over: Partial<TimelineEvent>): TimelineEvent => ({
  activity_id: '1',
  revision_id: '0',
  created_at: now,
  activity_type: 'asked',
  comment: '',
  object_id: '101',
  object_type: 'question',
  cancelled: false,
  cancelled_at: 0,
  user_info: grace,
  ...over,
});
const TIMELINE = {
  object_info: {
    title: 'How do I trim a wick?',
    object_type: 'question',
    question_id: '101',
    answer_id: '',
    main_tag_slug_name: '',
    username: 'grace',
    display_name: 'Grace',
  },
  timeline: [
    event({ activity_id: '9', revision_id: '0', activity_type: 'upvote', user_info: grace }),
    event({ activity_id: '8', revision_id: '31', activity_type: 'edited', comment: '<p>fixed the title</p>' }),
    event({
      activity_id: '7',
      revision_id: '0',
      activity_type: 'commented',
      object_id: '501',
      object_type: 'comment',
      comment: '<p>nice one</p>',
    }),
    event({ activity_id: '6', revision_id: '30', activity_type: 'asked' }),
  ],
};

describe('revision comparison', () => {
  it('finds what was added and removed, word by word', () => {
    expect(diffTokens(['a', 'b', 'c'], ['a', 'c', 'd'])).toEqual([
      { op: 'same', text: 'a' },
      { op: 'del', text: 'b' },
      { op: 'same', text: 'c' },
      { op: 'add', text: 'd' },
    ]);
    const parts = diffText('How to trim a wick', 'How do I trim a wick?');
    expect(parts).toEqual([
      { op: 'same', text: 'How ' },
      { op: 'del', text: 'to' },
      { op: 'add', text: 'do I' },
      { op: 'same', text: ' trim a ' },
      { op: 'del', text: 'wick' },
      { op: 'add', text: 'wick?' },
    ]);
    // joined, each side gives its text back
    expect(
      parts
        .filter((p) => p.op !== 'add')
        .map((p) => p.text)
        .join(''),
    ).toBe('How to trim a wick');
    expect(
      parts
        .filter((p) => p.op !== 'del')
        .map((p) => p.text)
        .join(''),
    ).toBe('How do I trim a wick?');
  });

  it('compares long texts line by line and keeps them whole', () => {
    const before = Array.from({ length: 800 }, (_, i) => `line ${i} of the body`).join('\n');
    const after = before.replace('line 400 of', 'row 400 of');
    const parts = diffText(before, after);
    expect(
      parts
        .filter((p) => p.op !== 'add')
        .map((p) => p.text)
        .join(''),
    ).toBe(before);
    expect(
      parts
        .filter((p) => p.op !== 'del')
        .map((p) => p.text)
        .join(''),
    ).toBe(after);
    expect(parts.filter((p) => p.op === 'add').map((p) => p.text.trim())).toEqual(['row']);
  });

  // 20,000 words in lines of ten, from a vocabulary of `kinds` words named with `prefix`
  const text = (prefix: string, kinds = 997) =>
    Array.from({ length: 2000 }, (_, line) =>
      Array.from({ length: 10 }, (_, w) => `${prefix}${((line * 10 + w) * 7919) % kinds}`).join(' '),
    ).join('\n');
  const sides = (parts: { op: string; text: string }[]) => [
    parts
      .filter((p) => p.op !== 'add')
      .map((p) => p.text)
      .join(''),
    parts
      .filter((p) => p.op !== 'del')
      .map((p) => p.text)
      .join(''),
  ];

  it('compares two 20,000-word texts: a few edits word by word, a rewritten stretch by lines, unrelated texts whole', () => {
    const before = text('w');
    // a few words changed (tokens are words and the spaces between them)
    const tokens = words(before);
    const at = [4, 20_000, tokens.length - 1];
    const edited = tokens.map((w, i) => (at.includes(i) ? `edited${i}` : w)).join('');
    let parts = diffText(before, edited);
    expect(sides(parts)).toEqual([before, edited]);
    expect(parts.filter((p) => p.op === 'add').map((p) => p.text)).toEqual(at.map((i) => `edited${i}`));
    expect(parts.filter((p) => p.op === 'del').map((p) => p.text)).toEqual(at.map((i) => tokens[i]));

    // the first 200 lines rewritten (too large a change word by word) and one word changed further on
    const beforeLines = before.split('\n');
    const rewritten = [...text('x').split('\n').slice(0, 200), ...beforeLines.slice(200)];
    rewritten[1000] = rewritten[1000].replace(/^w\d+/, 'row');
    const after = rewritten.join('\n');
    parts = diffText(before, after);
    expect(sides(parts)).toEqual([before, after]);
    expect(parts.filter((p) => p.op === 'del').map((p) => p.text)).toEqual([
      beforeLines.slice(0, 200).join('\n') + '\n',
      beforeLines[1000].split(' ')[0],
    ]);
    expect(parts.filter((p) => p.op === 'add').map((p) => p.text.split('\n').length)).toEqual([201, 1]);
    expect(parts.filter((p) => p.op === 'add')[1].text).toBe('row');

    // two texts with no word in common: one replaced by the other
    const other = text('z', 1009);
    expect(diffText(before, other)).toEqual([
      { op: 'del', text: before },
      { op: 'add', text: other },
    ]);
  });

  it('pairs each revision with the one before it on the same object', () => {
    const map = previousRevisions(TIMELINE.timeline);
    expect(map.get('8')).toBe('30');
    expect(map.get('6')).toBe('0');
    expect(map.has('9')).toBe(false);
  });
});

describe('the timeline page', () => {
  it("lists the events and shows an edit's changes on demand", async () => {
    const calls = mockFetch({
      'GET /activity/timeline': { data: TIMELINE },
      'GET /activity/timeline/detail': {
        data: {
          new_revision: {
            title: 'How do I trim a wick?',
            tags: [{ slug_name: 'lanterns', display_name: 'lanterns' }],
            original_text: 'Trim it flat.',
            slug_name: '',
            main_tag_slug_name: '',
          },
          old_revision: {
            title: 'How to trim a wick',
            tags: [{ slug_name: 'lanterns', display_name: 'lanterns' }],
            original_text: 'Trim it flat.',
            slug_name: '',
            main_tag_slug_name: '',
          },
        },
      },
    }).calls;
    renderWithApp(<TimelinePage />, { path: '/posts/101/timeline', pattern: '/posts/:qid/timeline' });
    const heading = await screen.findByRole('heading', { level: 1, name: /Timeline for/ });
    expect(heading.textContent).toBe('Timeline for How do I trim a wick?');
    expect(within(heading).getByRole('link').getAttribute('href')).toBe('/questions/101');
    const rows = screen.getAllByTestId('timeline-event');
    expect(rows.map((r) => r.querySelector('.timeline-type')?.textContent)).toEqual(['upvote', 'edited', 'commented', 'asked']);
    expect(within(rows[1]).getByText('fixed the title')).toBeTruthy();
    expect(calls[0].query.get('object_id')).toBe('101');
    expect(calls[0].query.get('show_vote')).toBeNull();
    // members get no vote switch
    expect(screen.queryByLabelText('Show votes')).toBeNull();

    const toggle = within(rows[1]).getByRole('button', { name: 'Show changes' });
    await userEvent.setup().click(toggle);
    const detail = await screen.findByRole('group', { name: 'Changes of this revision' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect([...detail.querySelectorAll('del')].map((d) => d.textContent?.trim())).toEqual(['to', 'wick']);
    expect([...detail.querySelectorAll('ins')].map((d) => d.textContent?.trim())).toEqual(['do I', 'wick?']);
    const detailCall = calls.find((c) => c.path.endsWith('/timeline/detail'))!;
    expect(Object.fromEntries(detailCall.query)).toEqual({ new_revision_id: '31', old_revision_id: '30' });
  });

  it('lets staff show the votes', async () => {
    const calls = mockFetch({ 'GET /activity/timeline': { data: TIMELINE } }).calls;
    renderWithApp(<TimelinePage />, { path: '/posts/101/timeline', pattern: '/posts/:qid/timeline', user: userFixture({ role_id: 3 }) });
    await screen.findByRole('heading', { level: 1, name: /Timeline for/ });
    await userEvent.setup().click(screen.getByLabelText('Show votes'));
    await vi.waitFor(() => expect(calls.some((c) => c.query.get('show_vote') === 'true')).toBe(true), { timeout: 5000 });
  });

  it('names the answer and its author on an answer timeline', async () => {
    mockFetch({
      'GET /activity/timeline': {
        data: {
          ...TIMELINE,
          object_info: { ...TIMELINE.object_info, object_type: 'answer', answer_id: '205', display_name: 'Bob' },
        },
      },
    });
    renderWithApp(<TimelinePage />, { path: '/posts/101/205/timeline', pattern: '/posts/:qid/:aid/timeline' });
    const heading = await screen.findByRole('heading', { level: 1, name: /Timeline for answer to/ });
    expect(heading.textContent).toBe('Timeline for answer to How do I trim a wick? by Bob');
    expect(within(heading).getByRole('link').getAttribute('href')).toBe('/questions/101/205');
  });
});
