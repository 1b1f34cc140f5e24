import { usePageTitle } from '../../hooks/usePageTitle';

/** Notifications (placeholder until its screen lands; owned by the inbox work). */
export default function NotificationsPage() {
  usePageTitle('Notifications');
  return <h1>Notifications</h1>;
}
