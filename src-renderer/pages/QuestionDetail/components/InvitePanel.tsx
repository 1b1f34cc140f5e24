import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui';
import { useInvitedUsers, usePermission } from '../../../api/question/question-related-query';
import { to } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { UserAvatar } from '../../../components/UserAvatar';
import { InviteDialog } from './InviteDialog';

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
