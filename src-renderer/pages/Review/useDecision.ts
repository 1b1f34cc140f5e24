import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/errors';
import { paths } from '../../app/paths';
import { useFeedback } from '../../components/Feedback';

/**
 * Runs one review decision: a success toast, then the queue (reloaded by the mutation) shows its
 * next item. A 403 (the role was taken away meanwhile) shows the 403 page; other refusals a toast.
 */
export function useDecision() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, action: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(key);
    try {
      await action();
      feedback.toast('success', done);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) navigate(paths.forbidden);
      else feedback.toast('error', err instanceof Error ? err.message : t('error.generic'));
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
