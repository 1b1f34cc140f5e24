import { usePageTitle } from '../../hooks/usePageTitle';

/** Users (placeholder until its screen lands; owned by the people work). */
export default function UsersPage() {
  usePageTitle('Users');
  return <h1>Users</h1>;
}
