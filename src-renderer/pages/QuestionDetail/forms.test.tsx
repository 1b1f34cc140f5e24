// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch } from '../../../tests/support/fetch-mock';
import { renderWithApp } from '../../../tests/support/render';
import type { QuestionDetail } from '../../api/question/types';
import { AnswerForm } from './components/AnswerForm';
import { CommentForm } from './components/CommentForm';
import { mentionAt, mentionedUsernames } from './components/mentions';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const QUESTION: QuestionDetail = {
  id: '10010000000000001',
  title: 'A lantern question',
  url_title: 'a-lantern-question',
  content: 'Body',
  html: '<p>Body</p>',
  description: 'Body',
  tags: [],
  create_time: 1,
  update_time: 1,
  edit_time: 0,
  pin: 1,
  show: 1,
  status: 1,
  status_name: 'available',
  user_info: null,
  update_user_info: null,
  last_answered_user_info: null,
  answered: false,
  first_answer_id: '',
  collected: false,
  vote_status: '',
  is_followed: false,
  member_actions: [],
  extends_actions: [],
  view_count: 1,
  unique_view_count: 1,
  vote_count: 0,
  answer_count: 0,
  collection_count: 0,
  follow_count: 0,
  accepted_answer_id: '0',
  last_answer_id: '0',
};

describe('the comment form', () => {
  it('says the comment is empty or of the wrong length, word for word', async () => {
    const onSubmit = vi.fn<(...a: unknown[]) => Promise<void>>().mockResolvedValue(undefined);
    renderWithApp(
      <CommentForm
        id="c1"
        label="Comment"
        submitLabel="Add comment"
        captchaAction="comment"
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />,
      { path: '/questions/1' },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Comment cannot be empty.')).toBeTruthy();
    await user.type(screen.getByLabelText('Comment'), 'x');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Comment must be 2 to 600 characters.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'y'.repeat(601) } });
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Comment must be 2 to 600 characters.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('suggests people after @ and sends the mentioned usernames', async () => {
    mockFetch({
      'GET /user/info/search?username=gr': {
        data: [{ id: '2', username: 'grace', display_name: 'Grace', avatar: '', rank: 1, status: 'normal' }],
      },
      'GET /user/action/record': { data: { verify: false, captcha_id: '', captcha_img: '' } },
    });
    const onSubmit = vi.fn<(...a: unknown[]) => Promise<void>>().mockResolvedValue(undefined);
    renderWithApp(
      <CommentForm
        id="c2"
        label="Comment"
        submitLabel="Add comment"
        captchaAction="comment"
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />,
      { path: '/questions/1', user: null },
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Comment'), 'Thanks @gr');
    expect(await screen.findByRole('option', { name: /Grace/ }, { timeout: 5000 })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('Thanks @grace ');
    await user.type(screen.getByLabelText('Comment'), 'for asking');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Thanks @grace for asking', ['grace'], {}), { timeout: 5000 });
  });

  it('finds the @name before the caret and the names a text mentions', () => {
    expect(mentionAt('hi @gra', 7)).toEqual({ start: 3, query: 'gra' });
    expect(mentionAt('mail a@b', 8)).toBeNull();
    expect(mentionedUsernames('@ann and @bob.smith, again @ann.')).toEqual(['ann', 'bob.smith']);
  });
});

describe('the answer form', () => {
  it('needs at least 6 characters and shows the server field error on the answer', async () => {
    mockFetch({
      'GET /answer/page': { data: { count: 0, list: [] } },
      'POST /post/render': { data: '<p>x</p>' },
      'GET /user/action/record': { data: { verify: false, captcha_id: '', captcha_img: '' } },
      'POST /answer': fail(400, 'base.request_format_error', '', [{ error_field: 'content', error_msg: 'Content cannot be empty.' }]),
    });
    renderWithApp(<AnswerForm q={QUESTION} questionId={QUESTION.id} onPosted={() => undefined} />, {
      path: '/questions/1',
      pattern: '/questions/:qid',
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Answer'), 'Trim');
    await user.click(screen.getByRole('button', { name: 'Post your answer' }));
    expect(await screen.findByText('Answer must be at least 6 characters.')).toBeTruthy();
    await user.type(screen.getByLabelText('Answer'), ' <!-- -->');
    await user.click(screen.getByRole('button', { name: 'Post your answer' }));
    expect(await screen.findByText('Content cannot be empty.')).toBeTruthy();
  });

  it('asks logged-out visitors to log in instead', () => {
    renderWithApp(<AnswerForm q={QUESTION} questionId={QUESTION.id} onPosted={() => undefined} />, { path: '/questions/1', user: null });
    expect(screen.getByText('Log in to answer this question.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in to answer' })).toBeTruthy();
    expect(screen.queryByLabelText('Answer')).toBeNull();
  });
});
