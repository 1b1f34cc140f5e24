import { usePageTitle } from '../../hooks/usePageTitle';

/** Tag (placeholder until its screen lands; owned by the tags work). */
export default function TagPage() {
  usePageTitle('Tag');
  return <h1>Tag</h1>;
}
