import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressSpinner } from './ui';
import { ApiError } from '../api/errors';
import { useEditCheck } from '../api/revision/revision-query';
import { useDelayed } from '../hooks/useDelayed';
import { ErrorPage } from './ErrorPage';

/**
 * Shows an edit form only once GET revisions/edit/check allows it. A refusal (400 while an edit
 * waits for review, 403 without the privilege) becomes a 403 page with the server's message.
 */
export function EditGate({ objectId, children }: { objectId: string; children: ReactNode }) {
  const { t } = useTranslation();
  const check = useEditCheck(objectId);
  const slow = useDelayed(check.isLoading);
  if (check.isError) {
    const e = check.error;
    if (e instanceof ApiError && e.status === 404) return <ErrorPage kind={404} />;
    return <ErrorPage kind={403} message={e instanceof ApiError && (e.status === 400 || e.status === 403) ? e.message : undefined} />;
  }
  if (!check.isSuccess) return slow ? <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} /> : null;
  return <>{children}</>;
}
