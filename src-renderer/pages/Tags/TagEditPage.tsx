import { usePageTitle } from '../../hooks/usePageTitle';

/** Edit tag (placeholder until its screen lands; owned by the tags work). */
export default function TagEditPage() {
  usePageTitle('Edit tag');
  return <h1>Edit tag</h1>;
}
