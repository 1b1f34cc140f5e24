import { usePageTitle } from '../../hooks/usePageTitle';

/** Tags (placeholder until its screen lands; owned by the tags work). */
export default function TagsPage() {
  usePageTitle('Tags');
  return <h1>Tags</h1>;
}
