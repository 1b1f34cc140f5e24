import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldMap } from '../api/errors';
import { useFeedback } from '../components/Feedback';
import type { Errors } from '../utils/validation';

/** How a form shows a failed submit. */
export interface FormErrorOptions {
  /**
   * The form's fields from the server's (Answer's `error_field` → `error_msg`): rename or pick
   * them (`({ close_msg }) => ({ content: close_msg })`); default, as they are. A field left
   * undefined or '' is dropped.
   */
  fields?: (server: Errors) => Record<string, string | undefined>;
  /** Focuses the first field with an error: by the field's name as element id (true) or the id this gives. */
  focus?: boolean | ((field: string) => string);
  /**
   * Whether a failure without field errors of this form is shown here: as the server asks (its
   * `err_type` alert in the message dialog) or as a toast. Default true; false where the call
   * leaves it to the app's error policy, which shows it already.
   */
  show?: boolean;
}

/** The form's field errors of a failed call: the server's `[{error_field, error_msg}]` mapped by `fields`, empty ones dropped. */
export function formFieldErrors(err: unknown, fields?: FormErrorOptions['fields']): Errors {
  const server = fieldMap(err);
  if (Object.keys(server).length === 0) return {};
  const mapped = fields ? fields(server) : server;
  return Object.fromEntries(Object.entries(mapped).filter((e): e is [string, string] => !!e[1]));
}

/** The first field error of a failed call (for a form of one field or one message line), else undefined. */
export function firstFieldError(err: unknown): string | undefined {
  return Object.values(fieldMap(err))[0];
}

/** What showFormError shows a message with: the app's feedback and translation. */
export interface FormErrorShell {
  feedback: Pick<ReturnType<typeof useFeedback>, 'toast' | 'alert'>;
  t: TFunction;
}

/**
 * Shows a failed submit: the server's field errors (Answer's `error_field`/`error_msg` envelope
 * data) go to `setErrors` and the first is focused when asked; a failure without any for this form
 * is shown as an alert (the server's `err_type`) or a toast of its message. Gives the field errors
 * it set ({} when it showed a message instead). `useFormError` binds it to a form.
 */
export function showFormError(
  err: unknown,
  setErrors: (errors: Errors) => void,
  shell: FormErrorShell,
  options: FormErrorOptions = {},
): Errors {
  const { fields, focus = false, show = true } = options;
  const errors = formFieldErrors(err, fields);
  const first = Object.keys(errors)[0];
  if (first) {
    setErrors(errors);
    if (focus) document.getElementById(focus === true ? first : focus(first))?.focus();
  } else if (show) {
    if (err instanceof ApiError && err.errType === 'alert') shell.feedback.alert(err.message);
    else shell.feedback.toast('error', err instanceof Error ? err.message : shell.t('error.generic'));
  }
  return errors;
}

/** One way for a form to show a failed submit (see showFormError): the function to call with the error. */
export function useFormError(setErrors: (errors: Errors) => void, options: FormErrorOptions = {}): (err: unknown) => Errors {
  const { t } = useTranslation();
  const feedback = useFeedback();
  return (err: unknown) => showFormError(err, setErrors, { feedback, t }, options);
}
