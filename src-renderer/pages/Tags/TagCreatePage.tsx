import { usePageTitle } from '../../hooks/usePageTitle';

/** Create tag (placeholder until its screen lands; owned by the tags work). */
export default function TagCreatePage() {
  usePageTitle('Create tag');
  return <h1>Create tag</h1>;
}
