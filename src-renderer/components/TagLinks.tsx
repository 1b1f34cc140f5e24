import { Link } from 'react-router';
import { to } from '../app/paths';
import type { TagBrief } from '../api/types';

/** A post's tags, each a link to the questions with it. */
export function TagLinks({ tags, label }: { tags: TagBrief[]; label: string }) {
  if (!tags.length) return null;
  return (
    <ul className="tag-list" aria-label={label}>
      {tags.map((t) => (
        <li key={t.slug_name}>
          <Link className="tag-chip" to={to.questions({ tag: t.slug_name })}>
            {t.display_name || t.slug_name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
