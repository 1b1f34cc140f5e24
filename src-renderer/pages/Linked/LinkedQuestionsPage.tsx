import { usePageTitle } from '../../hooks/usePageTitle';

/** Linked questions (placeholder until its screen lands; owned by the inbox work). */
export default function LinkedQuestionsPage() {
  usePageTitle('Linked questions');
  return <h1>Linked questions</h1>;
}
