/** Messages of the search and upload endpoints (reason keys and texts). en_US complete. */
export const search_en_US = {
  // uploads (Answer's keys where it has them)
  'error.upload.source_unsupported': 'The file source is not supported.',
  'error.upload.unsupported_file_format': 'Unsupported file format. Upload a JPEG, PNG, GIF or WebP image.',
  'error.upload.file_too_large': 'The file is too large: the limit is {{max}} MB.',
  'field.file': 'File',
  'field.source': 'Source',
  // search
  'field.q': 'Search text',
} as const;

/** Simplified Chinese overrides for the search messages. */
export const search_zh_CN: Record<string, string> = {
  'error.upload.source_unsupported': '不支持的文件来源。',
  'error.upload.unsupported_file_format': '不支持的文件格式。请上传 JPEG、PNG、GIF 或 WebP 图片。',
  'error.upload.file_too_large': '文件太大：上限为 {{max}} MB。',
  'field.file': '文件',
  'field.q': '搜索内容',
};
