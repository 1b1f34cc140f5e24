import { useTranslation } from 'react-i18next';
import type { UserBrief } from '../../../api/types';
import { CaptchaDialog } from '../../../components/CaptchaDialog';
import { Button, Dialog, InputText } from '../../../components/ui';
import { UserAvatar } from '../../../components/UserAvatar';
import { useInviteDialog } from './useInviteDialog';

/** The dialog that changes whom a question invites to answer: the chosen users, a search to add more, save. */
export function InviteDialog({ questionId, initial, onHide }: { questionId: string; initial: UserBrief[]; onHide(): void }) {
  const { t } = useTranslation();
  const d = useInviteDialog(questionId, initial, onHide);
  const fieldId = `invite-users-${questionId}`;

  return (
    <>
      <Dialog header={t('qa.invite_dialog')} visible={!d.captcha.dialogProps.record} onHide={onHide} style={{ width: 'min(32rem, 94vw)' }}>
        <form className="stack" onSubmit={d.submit} noValidate>
          <label htmlFor={fieldId}>{t('qa.invite_search_label')}</label>
          {d.chosen.length > 0 && <InviteChosen users={d.chosen} onRemove={d.remove} />}
          <InputText
            id={fieldId}
            value={d.query}
            onChange={(e) => d.setQuery(e.target.value)}
            autoComplete="off"
            invalid={!!d.error}
            aria-describedby={d.error ? `${fieldId}-error` : undefined}
          />
          {d.options.length > 0 && <InviteOptions users={d.options} onChoose={d.add} />}
          {d.noMatch && <p className="muted small">{t('qa.invite_no_match')}</p>}
          {d.error && (
            <small id={`${fieldId}-error`} className="field-error" role="alert">
              {d.error}
            </small>
          )}
          <div className="form-buttons dialog-buttons">
            <Button type="button" text label={t('common.cancel')} onClick={onHide} />
            <Button type="submit" label={t('qa.invite_save')} loading={d.saving} />
          </div>
        </form>
      </Dialog>
      <CaptchaDialog {...d.captcha.dialogProps} />
    </>
  );
}

/** The users chosen so far, each with a button that removes it. */
function InviteChosen({ users, onRemove }: { users: UserBrief[]; onRemove(u: UserBrief): void }) {
  const { t } = useTranslation();
  return (
    <ul className="invite-chosen" aria-label={t('qa.invite_title')}>
      {users.map((u) => (
        <li key={u.id} className="tag-token">
          {u.display_name}
          <Button
            type="button"
            text
            rounded
            size="small"
            icon="close"
            aria-label={t('qa.invite_remove', { name: u.display_name })}
            onClick={() => onRemove(u)}
          />
        </li>
      ))}
    </ul>
  );
}

/** The users matching the name typed; a press adds one. */
function InviteOptions({ users, onChoose }: { users: UserBrief[]; onChoose(u: UserBrief): void }) {
  const { t } = useTranslation();
  return (
    <ul className="invite-options" aria-label={t('qa.mention_suggestions')}>
      {users.map((u) => (
        <li key={u.id}>
          <Button type="button" text size="small" className="invite-option" onClick={() => onChoose(u)}>
            <UserAvatar user={u} size={20} /> <span>{u.display_name}</span> <span className="muted small">@{u.username}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
