import { usePageTitle } from '../../hooks/usePageTitle';

/** Timeline (placeholder until its screen lands; owned by the inbox work). */
export default function TimelinePage() {
  usePageTitle('Timeline');
  return <h1>Timeline</h1>;
}
