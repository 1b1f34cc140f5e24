import { usePageTitle } from '../../hooks/usePageTitle';

/** User (placeholder until its screen lands; owned by the people work). */
export default function UserProfilePage() {
  usePageTitle('User');
  return <h1>User</h1>;
}
