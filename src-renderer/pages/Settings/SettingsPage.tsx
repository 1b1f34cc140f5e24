import { usePageTitle } from '../../hooks/usePageTitle';

/** Settings (placeholder until its screen lands; owned by the settings work). */
export default function SettingsPage() {
  usePageTitle('Settings');
  return <h1>Settings</h1>;
}
