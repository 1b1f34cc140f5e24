import { useTranslation } from 'react-i18next';
import type { TagInput } from '../../../api/question/types';
import { Icon } from '../../../components/Icon';

/** The chosen tags as tokens, each with its remove button; a new tag is marked as such. */
export function TagTokens({ value, fresh, onRemove }: { value: TagInput[]; fresh: ReadonlySet<string>; onRemove(slug: string): void }) {
  const { t } = useTranslation();
  if (value.length === 0) return null;
  return (
    <ul className="tag-tokens" aria-label={t('ask.tags_chosen')}>
      {value.map((v) => (
        <li key={v.slug_name} className={fresh.has(v.slug_name) ? 'tag-token new' : 'tag-token'}>
          <span className="tag-token-label">{v.display_name || v.slug_name}</span>
          {fresh.has(v.slug_name) && <span className="tag-token-new">{t('tags.picker_new')}</span>}
          <button
            type="button"
            className="tag-token-remove"
            aria-label={t('ask.tag_remove', { name: v.display_name || v.slug_name })}
            onClick={(e) => {
              e.stopPropagation();
              onRemove(v.slug_name);
            }}
          >
            <Icon name="close" />
          </button>
        </li>
      ))}
    </ul>
  );
}
