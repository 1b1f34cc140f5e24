import { useCallback, useRef, useState } from 'react';
import { isCaptchaError } from '../api/errors';
import { firstFieldError } from './useFormError';
import { fetchCaptcha } from '../api/user/user-query';
import type { CaptchaAction, CaptchaFields, CaptchaRecord } from '../api/user/types';

/**
 * Runs an action behind the captcha when the server asks for one: checks action/record, shows
 * the dialog, and on a wrong code refreshes the image and reopens the dialog.
 */
export function useCaptcha(action: CaptchaAction) {
  const [record, setRecord] = useState<CaptchaRecord | null>(null);
  const [error, setError] = useState<string | undefined>();
  const pending = useRef<((fields: CaptchaFields) => Promise<void>) | null>(null);

  const open = useCallback(async () => {
    const r = await fetchCaptcha(action);
    if (r.verify) setRecord(r);
    return r;
  }, [action]);

  /** Runs `fn` with captcha fields (empty when none is needed). */
  const run = useCallback(
    async (fn: (fields: CaptchaFields) => Promise<void>) => {
      pending.current = fn;
      setError(undefined);
      const r = await fetchCaptcha(action);
      if (!r.verify) {
        try {
          await fn({});
        } catch (e) {
          // the server wants a captcha after all (a limit was passed since the record was read, e.g. a
          // login past its failures): show it now instead of leaving the press without an answer
          if (!isCaptchaError(e) || !(await open()).verify) throw e;
        }
        return;
      }
      setRecord(r);
    },
    [action, open],
  );

  const submit = useCallback(
    async (fields: CaptchaFields) => {
      const fn = pending.current;
      setRecord(null);
      if (!fn) return;
      try {
        await fn(fields);
      } catch (e) {
        if (isCaptchaError(e)) {
          setError(firstFieldError(e) ?? e.message);
          await open();
          return;
        }
        throw e;
      }
    },
    [open],
  );

  return {
    dialogProps: {
      record,
      error,
      onSubmit: (f: CaptchaFields) => void submit(f).catch(() => undefined),
      onRefresh: () => void open(),
      onCancel: () => setRecord(null),
    },
    run,
  };
}
