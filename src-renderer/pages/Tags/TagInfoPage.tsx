import { usePageTitle } from '../../hooks/usePageTitle';

/** Tag info (placeholder until its screen lands; owned by the tags work). */
export default function TagInfoPage() {
  usePageTitle('Tag info');
  return <h1>Tag info</h1>;
}
