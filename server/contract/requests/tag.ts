import { z } from 'zod';
import { msg, optionalText, pageMin1, text } from './fields.js';

/** The slug form of a tag name: lower case, spaces to '-'. */
export function tagSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** Longest slug and display name of a tag. */
export const TAG_NAME_MAX = 35;
const ORIGINAL_TEXT_MAX = 65536;

/** Characters a slug may use once lower-cased: a-z, 0-9 and + # - . */
export const SLUG_PATTERN = /^[a-z0-9+#.-]+$/;

/** A slug as the tag form sends it: required, lower-cased, spaces to '-', max 35, allowed characters only. */
export const slugField = text({ max: TAG_NAME_MAX })
  .transform(tagSlug)
  .refine((s) => SLUG_PATTERN.test(s), msg('validation.tag_slug_chars'));

const idField = text({ max: 64 });
const originalText = z
  .string({ error: 'validation.type' })
  .max(ORIGINAL_TEXT_MAX, msg('validation.max_length', { max: ORIGINAL_TEXT_MAX }));

/** POST tag (the description is optional, as in the product spec's form). */
export const addTagSchema = z.object({
  slug_name: slugField,
  display_name: text({ max: TAG_NAME_MAX }),
  original_text: originalText.optional().default(''),
});
export type AddTagInput = z.infer<typeof addTagSchema>;

/** PUT tag: omitted fields keep their current value; the slug's characters are checked only when it changes. */
export const updateTagSchema = z.object({
  tag_id: idField,
  slug_name: text({ max: TAG_NAME_MAX }).transform(tagSlug).optional(),
  display_name: text({ max: TAG_NAME_MAX }).optional(),
  original_text: originalText.optional(),
  edit_summary: optionalText(500),
});
export type UpdateTagInput = z.infer<typeof updateTagSchema>;

/** DELETE tag and POST tag/recover. */
export const tagIdBody = z.object({ tag_id: idField });

/** POST tag/merge. */
export const mergeTagSchema = z.object({ source_tag_id: idField, target_tag_id: idField });

const tagItem = z.object({
  slug_name: text({ max: TAG_NAME_MAX }),
  display_name: z
    .string({ error: 'validation.type' })
    .trim()
    .max(TAG_NAME_MAX, msg('validation.max_length', { max: TAG_NAME_MAX }))
    .optional(),
  original_text: originalText.optional(),
});
export type TagItemInput = z.infer<typeof tagItem>;

/** PUT tag/synonym: the full list of synonyms of the tag. */
export const updateSynonymSchema = z.object({
  tag_id: idField,
  synonym_tag_list: z.array(tagItem, { error: 'validation.required' }).max(100, msg('validation.max_length', { max: 100 })),
});

const queryText = (max: number) => z.string({ error: 'validation.type' }).trim().max(max, msg('validation.max_length', { max })).optional();

/** GET tags/page. */
export const tagPageQuery = z.object({
  page: pageMin1(1, 100000),
  page_size: pageMin1(20, 100),
  slug_name: queryText(TAG_NAME_MAX),
  display_name: queryText(TAG_NAME_MAX),
  query_cond: z.preprocess(
    (v) => (v === '' || v === undefined ? 'popular' : v),
    z.enum(['popular', 'name', 'newest'], { error: msg('validation.one_of', { options: 'popular, name, newest' }) }),
  ),
});
export type TagPageInput = z.infer<typeof tagPageQuery>;

/** GET tag: ?id or ?name (the swagger's tag_id and tag_name work too). */
export const tagInfoQuery = z.object({
  id: queryText(64),
  name: queryText(TAG_NAME_MAX),
  tag_id: queryText(64),
  tag_name: queryText(TAG_NAME_MAX),
});
export type TagInfoInput = z.infer<typeof tagInfoQuery>;

/** GET tags?tags=a,b (a comma list, or the parameter repeated). */
export const tagsBySlugQuery = z.object({
  tags: z
    .union([z.string().max(4000, msg('validation.max_length', { max: 4000 })), z.array(z.string().max(TAG_NAME_MAX)).max(100)], {
      error: 'validation.type',
    })
    .optional()
    .transform((v) => (Array.isArray(v) ? v : (v ?? '').split(','))),
});

/** GET tag/synonyms. */
export const synonymsQuery = z.object({ tag_id: idField });

/** GET question/tags (the tag picker). */
export const tagSearchQuery = z.object({ tag: queryText(TAG_NAME_MAX) });
