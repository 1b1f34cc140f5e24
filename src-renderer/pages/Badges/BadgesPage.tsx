import { usePageTitle } from '../../hooks/usePageTitle';

/** Badges (placeholder until its screen lands; owned by the people work). */
export default function BadgesPage() {
  usePageTitle('Badges');
  return <h1>Badges</h1>;
}
