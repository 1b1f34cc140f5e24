// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { FeedbackProvider } from '../components/Feedback';
import { initI18n } from '../i18n';
import type { Errors } from '../utils/validation';
import { useFormError, type FormErrorOptions } from './useFormError';

afterEach(cleanup);

const i18n = initI18n();

/** A form of two fields whose submit fails with `err`. */
function Form({ err, options }: { err: unknown; options?: FormErrorOptions }) {
  const [errors, setErrors] = useState<Errors>({});
  const showError = useFormError(setErrors, options);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        showError(err);
      }}
    >
      <input id="title" aria-label="Title" />
      {errors.title && <small role="alert">title: {errors.title}</small>}
      <input id="content" aria-label="Body" />
      {errors.content && <small role="alert">content: {errors.content}</small>}
      <button type="submit">Save</button>
    </form>
  );
}

function submit(err: unknown, options?: FormErrorOptions) {
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={i18n}>
      <FeedbackProvider>
        <Form err={err} options={options} />
      </FeedbackProvider>
    </I18nextProvider>,
  );
  return user.click(screen.getByRole('button', { name: 'Save' }));
}

const refused = (data: unknown, message = 'Refused.') => new ApiError(400, 'error.object.invalid', message, data);

describe('useFormError', () => {
  it("puts Answer's error_field/error_msg list on the form's fields and focuses the first", async () => {
    await submit(
      refused([
        { error_field: 'content', error_msg: 'Body too short.' },
        { error_field: 'title', error_msg: 'Title too long.' },
      ]),
      { focus: true },
    );
    expect(screen.getByText('title: Title too long.')).toBeTruthy();
    expect(screen.getByText('content: Body too short.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Body'));
    expect(screen.queryByText('Refused.')).toBeNull();
  });

  it("maps the server's field names to the form's", async () => {
    await submit(refused([{ error_field: 'original_text', error_msg: 'Too short.' }]), {
      fields: (fe) => ({ content: fe.original_text }),
    });
    expect(screen.getByText('content: Too short.')).toBeTruthy();
  });

  it('toasts the message when no field error is one of the form', async () => {
    await submit(refused([{ error_field: 'tags', error_msg: 'Bad tag.' }], 'Bad tag.'), { fields: (fe) => ({ title: fe.title }) });
    expect(await screen.findByText('Bad tag.')).toBeTruthy();
    expect(screen.queryByText(/^title:/)).toBeNull();
  });

  it('shows an alert-type refusal in the message dialog', async () => {
    await submit(new ApiError(400, 'error.object.invalid', 'Not now.', { err_type: 'alert' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Not now.');
  });

  it('shows nothing itself for a failure without field errors when the error policy shows it', async () => {
    await submit(refused(null, 'Shown by the policy.'), { show: false });
    expect(screen.queryByText('Shown by the policy.')).toBeNull();
  });

  it('toasts a generic message for an error that is no Error', async () => {
    await submit('boom');
    expect(await screen.findByText(i18n.t('error.generic'))).toBeTruthy();
  });
});
