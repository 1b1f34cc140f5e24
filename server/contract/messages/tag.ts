/** Messages of the tag, follow and bookmark endpoints (reason keys and texts). en_US complete. */
export const tag_en_US = {
  'error.tag.already_exist': 'Tag already exists.',
  'error.tag.is_used_cannot_delete': 'You cannot delete a tag that is in use.',
  'error.tag.cannot_set_synonym_as_itself': 'You cannot set the synonym of the current tag as itself.',
  'error.tag.not_contain_synonym_tags': 'Should not contain synonym tags.',
  'error.tag.cannot_update': 'No permission to update.',
  'error.revision.review_underway': 'Unable to edit currently, there is a version in the review queue.',
  'error.object.disallow_follow': 'You are not allowed to follow.',
  'validation.tag_slug_chars': '{{label}} contains unallowed character set. Use a-z, 0-9 and + # - .',
  'field.slug_name': 'URL slug',
  'field.original_text': 'Description',
  'field.tag_id': 'Tag id',
  'field.source_tag_id': 'Source tag id',
  'field.target_tag_id': 'Target tag id',
  'field.synonym_tag_list': 'Synonyms',
  'field.slug_name_list': 'Tags',
  'field.object_id': 'Object id',
  'field.group_id': 'Group id',
  'field.bookmark': 'Bookmark',
  'field.is_cancel': 'Cancel',
  'field.query_cond': 'Order',
  'field.edit_summary': 'Edit summary',
} as const;

/** Simplified Chinese overrides for the tag messages. */
export const tag_zh_CN: Record<string, string> = {
  'error.tag.already_exist': '标签已存在。',
  'error.tag.is_used_cannot_delete': '您不能删除还在使用的标签。',
  'error.tag.cannot_set_synonym_as_itself': '你不能将当前标签设为自身的同义词。',
  'error.revision.review_underway': '目前无法编辑，有一个版本在审阅队列中。',
  'field.slug_name': 'URL 固定链接',
  'field.original_text': '描述',
};
