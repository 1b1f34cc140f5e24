import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Dialog, InputText } from '../../../components/ui';
import { rethrowIfCaptcha } from '../../../api/errors';
import { formFieldErrors } from '../../../hooks/useFormError';
import { useInvitedUsers, usePermission, useUpdateInvitedUsers, useUserSearch } from '../../../api/question/question-related-query';
import type { UserBrief } from '../../../api/types';
import { to } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { CaptchaDialog } from '../../../components/CaptchaDialog';
import { useFeedback } from '../../../components/Feedback';
import { UserAvatar } from '../../../components/UserAvatar';
import { useCaptcha } from '../../../hooks/useCaptcha';
import { useDebounced } from '../../../hooks/useDebounced';

/** "Invite people to answer": who is invited, and for the asker or those with the privilege, a dialog to change it. */
export function InvitePanel({ questionId, askerId, open }: { questionId: string; askerId?: string; open: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const invited = useInvitedUsers(questionId);
  const privileged = usePermission('answer.invite_someone_to_answer', !!user && user.id !== askerId);
  const canInvite = open && !!user && (user.id === askerId || privileged);
  const [editing, setEditing] = useState(false);
  const list = invited.data ?? [];
  if (!canInvite && list.length === 0) return null;
  return (
    <section className="invite-panel" aria-labelledby={`invite-${questionId}`}>
      <div className="invite-head">
        <h2 id={`invite-${questionId}`} className="side-title">
          {t('qa.invite_title')}
        </h2>
        {canInvite && (
          <Button type="button" size="small" outlined icon="user-plus" label={t('qa.invite_button')} onClick={() => setEditing(true)} />
        )}
      </div>
      {list.length > 0 ? (
        <ul className="invite-list" aria-label={t('qa.invite_title')}>
          {list.map((u) => (
            <li key={u.id}>
              <UserAvatar user={u} size={24} />
              <Link to={to.user(u.username)}>{u.display_name}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">{t('qa.invite_none')}</p>
      )}
      {editing && <InviteDialog questionId={questionId} initial={list} onHide={() => setEditing(false)} />}
    </section>
  );
}

function InviteDialog({ questionId, initial, onHide }: { questionId: string; initial: UserBrief[]; onHide(): void }) {
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
  const fieldId = `invite-users-${questionId}`;

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

  return (
    <>
      <Dialog header={t('qa.invite_dialog')} visible={!captcha.dialogProps.record} onHide={onHide} style={{ width: 'min(32rem, 94vw)' }}>
        <form className="stack" onSubmit={submit} noValidate>
          <label htmlFor={fieldId}>{t('qa.invite_search_label')}</label>
          {chosen.length > 0 && (
            <ul className="invite-chosen" aria-label={t('qa.invite_title')}>
              {chosen.map((u) => (
                <li key={u.id} className="tag-token">
                  {u.display_name}
                  <Button
                    type="button"
                    text
                    rounded
                    size="small"
                    icon="close"
                    aria-label={t('qa.invite_remove', { name: u.display_name })}
                    onClick={() => setChosen((c) => c.filter((x) => x.id !== u.id))}
                  />
                </li>
              ))}
            </ul>
          )}
          <InputText
            id={fieldId}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
            invalid={!!error}
            aria-describedby={error ? `${fieldId}-error` : undefined}
          />
          {options.length > 0 && (
            <ul className="invite-options" aria-label={t('qa.mention_suggestions')}>
              {options.map((u) => (
                <li key={u.id}>
                  <Button
                    type="button"
                    text
                    size="small"
                    className="invite-option"
                    onClick={() => {
                      setChosen((c) => [...c, u]);
                      setQuery('');
                    }}
                  >
                    <UserAvatar user={u} size={20} /> <span>{u.display_name}</span> <span className="muted small">@{u.username}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {search.isSuccess && options.length === 0 && debounced && <p className="muted small">{t('qa.invite_no_match')}</p>}
          {error && (
            <small id={`${fieldId}-error`} className="field-error" role="alert">
              {error}
            </small>
          )}
          <div className="form-buttons dialog-buttons">
            <Button type="button" text label={t('common.cancel')} onClick={onHide} />
            <Button type="submit" label={t('qa.invite_save')} loading={save.isPending} />
          </div>
        </form>
      </Dialog>
      <CaptchaDialog {...captcha.dialogProps} />
    </>
  );
}
