// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../tests/support/fetch-mock';
import { renderWithApp } from '../../../tests/support/render';
import { ApiError } from '../../api/errors';
import { ReasonDialog } from './components/ReasonDialog';
import { ANSWER_FLAG_REASONS } from './test-fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const CLOSE_REASONS = [
  { reason_type: 60, name: 'a duplicate', description: 'This question has been asked before.', content_type: 'text', placeholder: '' },
  { reason_type: 64, name: 'needs details or clarity', description: 'Add details.', content_type: '', placeholder: '' },
];

describe('the flag (report) dialog', () => {
  it('asks for a reason, a remark when the reason has one, a URL of this site for a duplicate; the server field errors land on the remark', async () => {
    mockFetch({
      'GET /reasons?object_type=answer&action=flag': { data: ANSWER_FLAG_REASONS },
      'GET /user/action/record': { data: { verify: false, captcha_id: '', captcha_img: '' } },
    });
    const onSubmit = vi.fn<(...a: unknown[]) => Promise<void>>().mockResolvedValue(undefined);
    renderWithApp(<ReasonDialog visible onHide={() => undefined} objectType="answer" action="flag" onSubmit={onSubmit} />, {
      path: '/questions/1',
    });
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: 'Flag' });
    await user.click(submit);
    expect(await screen.findByText('Please select a reason.')).toBeTruthy();
    await user.click(await screen.findByRole('radio', { name: /something else/ }));
    await user.click(submit);
    expect(await screen.findByText('Cannot be empty.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /a duplicate/ }));
    await user.type(screen.getByLabelText('Link to the original question'), 'not a link');
    await user.click(submit);
    expect(await screen.findByText('URL format is incorrect.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Link to the original question'));
    await user.type(screen.getByLabelText('Link to the original question'), 'https://elsewhere.example.com/questions/5');
    await user.click(submit);
    expect(await screen.findByText('URL origin does not match the current website.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // a URL of this site goes to the server; its refusal shows on the field
    onSubmit.mockRejectedValueOnce(
      new ApiError(400, 'base.request_format_error', 'bad', [
        { error_field: 'content', error_msg: 'The link must point to another question on this site.' },
      ]),
    );
    await user.clear(screen.getByLabelText('Link to the original question'));
    await user.type(screen.getByLabelText('Link to the original question'), `${window.location.origin}/questions/5`);
    await user.click(submit);
    expect(await screen.findByText('The link must point to another question on this site.')).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ reason_type: 60 }), `${window.location.origin}/questions/5`, {});
  });

  it('sends a reason without text at once', async () => {
    mockFetch({
      'GET /reasons?object_type=answer&action=flag': { data: ANSWER_FLAG_REASONS },
      'GET /user/action/record': { data: { verify: false, captcha_id: '', captcha_img: '' } },
    });
    const onSubmit = vi.fn<(...a: unknown[]) => Promise<void>>().mockResolvedValue(undefined);
    renderWithApp(<ReasonDialog visible onHide={() => undefined} objectType="answer" action="flag" onSubmit={onSubmit} />, {
      path: '/questions/1',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /spam/ }));
    await user.click(screen.getByRole('button', { name: 'Flag' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ reason_type: 57 }), '', {}));
  });
});

describe('the close dialog', () => {
  it('lists the close reasons, requires one, checks a duplicate URL and takes an optional message', async () => {
    mockFetch({ 'GET /reasons?object_type=question&action=close': { data: CLOSE_REASONS } });
    const onSubmit = vi.fn<(...a: unknown[]) => Promise<void>>().mockResolvedValue(undefined);
    renderWithApp(<ReasonDialog visible onHide={() => undefined} objectType="question" action="close" onSubmit={onSubmit} />, {
      path: '/questions/1',
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Why should this question be closed?')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Close question' });
    await user.click(submit);
    expect(await screen.findByText('Please select a reason.')).toBeTruthy();
    await user.click(await screen.findByRole('radio', { name: /a duplicate/ }));
    await user.click(submit);
    expect(await screen.findByText('Cannot be empty.')).toBeTruthy();
    await user.type(screen.getByLabelText('Link to the original question'), 'ftp://x');
    await user.click(submit);
    expect(await screen.findByText('URL format is incorrect.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /needs details or clarity/ }));
    await user.type(screen.getByLabelText('Message (optional)'), 'Which model?');
    await user.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ reason_type: 64 }), 'Which model?', {}));
  });
});
