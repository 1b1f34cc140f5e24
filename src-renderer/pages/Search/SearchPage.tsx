import { usePageTitle } from '../../hooks/usePageTitle';

/** Search (placeholder until its screen lands; owned by the inbox work). */
export default function SearchPage() {
  usePageTitle('Search');
  return <h1>Search</h1>;
}
