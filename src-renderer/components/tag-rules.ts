import type { TFunction } from 'i18next';
import { LIMITS } from '../../server/contract/limits';
import type { TagFields } from '../api/tag/types';
import { compact, type Errors } from '../utils/validation';

/** Characters a tag slug may use once lower-cased (the server's rule): a-z, 0-9 and + # - . */
export const TAG_SLUG_PATTERN = /^[a-z0-9+#.-]+$/;

/** A tag's slug as the server makes it: trimmed, lower case, spaces as dashes. */
export function slugOf(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** The rules of spec section 5 for a tag: display name and slug required, up to 35, slug characters. */
export function checkTag(t: TFunction, f: TagFields): Errors {
  const name = f.display_name.trim();
  const slug = slugOf(f.slug_name);
  const max = LIMITS.tagName.max;
  return compact({
    display_name: !name ? t('tags.display_name_required') : name.length > max ? t('tags.display_name_max') : undefined,
    slug_name: !slug
      ? t('tags.slug_required')
      : slug.length > max
        ? t('tags.slug_max')
        : !TAG_SLUG_PATTERN.test(slug)
          ? t('tags.slug_chars')
          : undefined,
  });
}
