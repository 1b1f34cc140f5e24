import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rethrowIfCaptcha } from '../../../api/errors';
import { useUpdateInvitedUsers, useUserSearch } from '../../../api/question/question-related-query';
import type { UserBrief } from '../../../api/types';
import { useFeedback } from '../../../components/Feedback';
import { useCaptcha } from '../../../hooks/useCaptcha';
import { useDebounced } from '../../../hooks/useDebounced';
import { formFieldErrors } from '../../../hooks/useFormError';

/**
 * The invitation dialog's state: the users chosen, the name typed and the users it matches (not yet
 * chosen), and `submit`, which saves the list behind the captcha and closes the dialog.
 */
export function useInviteDialog(questionId: string, initial: UserBrief[], onHide: () => void) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const captcha = useCaptcha('invitation_answer');
  const save = useUpdateInvitedUsers(questionId);
  const [chosen, setChosen] = useState<UserBrief[]>(initial);
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query.trim().replace(/^@/, ''), 250);
  const search = useUserSearch(debounced);
  const options = debounced ? (search.data ?? []).filter((u) => !chosen.some((c) => c.id === u.id)) : [];
  const [error, setError] = useState<string | undefined>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    await captcha
      .run(async (fields) => {
        try {
          await save.mutateAsync({ invite_user: chosen.map((u) => u.username), ...fields });
          feedback.toast('success', t('qa.invite_saved'));
          onHide();
        } catch (err) {
          rethrowIfCaptcha(err);
          setError(formFieldErrors(err).invite_user ?? (err instanceof Error ? err.message : t('error.generic')));
        }
      })
      .catch(() => undefined);
  };

  return {
    captcha,
    saving: save.isPending,
    chosen,
    add: (u: UserBrief) => {
      setChosen((c) => [...c, u]);
      setQuery('');
    },
    remove: (u: UserBrief) => setChosen((c) => c.filter((x) => x.id !== u.id)),
    query,
    setQuery,
    options,
    noMatch: search.isSuccess && options.length === 0 && !!debounced,
    error,
    submit,
  };
}
