import { Link } from 'react-router';
import { to } from '../../../app/paths';
import { UserAvatar } from '../../../components/UserAvatar';

/** A user in a grid: avatar, display name linking to the profile, and one line about them. */
export function UserCard({ user, detail }: { user: { username: string; display_name: string; avatar: string }; detail?: string }) {
  return (
    <li className="user-card">
      <UserAvatar user={user} size={48} />
      <div className="user-card-text">
        <Link to={to.user(user.username)} className="user-card-name">
          {user.display_name || user.username}
        </Link>
        {detail && <span className="muted small">{detail}</span>}
      </div>
    </li>
  );
}
