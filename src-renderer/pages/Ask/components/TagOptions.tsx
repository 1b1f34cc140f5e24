import { useTranslation } from 'react-i18next';
import type { TagSuggestion } from '../../../api/tag/tag-query';
import { tagSlug } from './useTagChoices';

/** A suggestion of the tag picker. */
export interface TagOption {
  slug_name: string;
  display_name: string;
  /** An unknown name: 'add' takes it as a new tag (the post creates it), 'describe' opens the create-tag dialog. */
  kind?: 'add' | 'describe';
}

/** The suggestions for a settled name: the found tags not chosen yet and, for an unknown name one may add, its two new-tag options. */
export function tagOptions(settled: string, found: TagSuggestion[], chosen: Set<string>, mayAdd: boolean) {
  const options: TagOption[] = [];
  for (const f of found) if (!chosen.has(f.slug_name)) options.push({ slug_name: f.slug_name, display_name: f.display_name });
  const slug = tagSlug(settled);
  const unknown = !chosen.has(slug) && !found.some((f) => f.slug_name === slug);
  if (unknown && mayAdd) {
    options.push({ slug_name: slug, display_name: settled, kind: 'add' });
    options.push({ slug_name: slug, display_name: settled, kind: 'describe' });
  }
  return { options, unknown };
}

/** The picker's listbox of suggestions; an option reacts on mousedown, so the input keeps the focus. */
export function TagOptions({
  listId,
  options,
  active,
  shown,
  onChoose,
}: {
  listId: string;
  options: TagOption[];
  active: number;
  shown: boolean;
  onChoose(o: TagOption): void;
}) {
  const { t } = useTranslation();
  return (
    <ul id={listId} role="listbox" aria-label={t('ask.tag_suggestions')} className="tag-options" hidden={!shown}>
      {options.map((o, i) => (
        <li
          key={o.slug_name + (o.kind ? `:${o.kind}` : '')}
          id={`${listId}-${i}`}
          role="option"
          aria-selected={i === active}
          className={i === active ? 'tag-option active' : 'tag-option'}
          onMouseDown={(e) => {
            e.preventDefault();
            onChoose(o);
          }}
        >
          {o.kind === 'add'
            ? t('ask.tag_create', { name: o.display_name })
            : o.kind === 'describe'
              ? t('tags.picker_create', { name: o.display_name })
              : o.display_name}
        </li>
      ))}
    </ul>
  );
}
