/** English texts of the tag screens: tag list, tag page, tag info, create and edit tag, create-tag dialog. */
export const tags = {
  title: 'tags',
} as const;
