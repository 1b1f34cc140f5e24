import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserBrief } from '../../../api/types';
import { to } from '../../../app/paths';
import { TimeAgo } from '../../../components/TimeAgo';
import { UserAvatar } from '../../../components/UserAvatar';

/** Who wrote (or edited) a post and when. */
export function AuthorCard({
  user,
  verb,
  time,
  highlight,
}: {
  user: UserBrief | null;
  verb: ReactNode;
  time: number;
  highlight?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={highlight ? 'author-card owner' : 'author-card'}>
      <div className="muted small">
        {verb} <TimeAgo seconds={time} />
      </div>
      {user ? (
        <div className="author-line">
          <UserAvatar user={user} size={32} />
          <div>
            <Link to={to.user(user.username)} className="author-name">
              {user.display_name}
            </Link>
            <div className="muted small" title={t('question.reputation')}>
              <span className="sr-only">{t('question.reputation')}: </span>
              {user.rank}
            </div>
          </div>
        </div>
      ) : (
        <div className="muted">{t('question.anonymous')}</div>
      )}
    </div>
  );
}
