import { usePageTitle } from '../../hooks/usePageTitle';

/** Badge (placeholder until its screen lands; owned by the people work). */
export default function BadgePage() {
  usePageTitle('Badge');
  return <h1>Badge</h1>;
}
