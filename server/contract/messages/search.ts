/** Messages of the search and upload endpoints (reason keys and texts). en_US complete. */
export const search_en_US = {
  // uploads (Answer's keys where it has them)
  'error.upload.source_unsupported': 'The file source is not supported.',
  'error.upload.unsupported_file_format': 'Unsupported file format.',
  'error.upload.file_too_large': 'The file is too large: the limit is {{max}} MB.',
  'error.upload.too_many_uploads': 'Too many uploads: at most {{count}} an hour. Try again in {{minutes}} min.',
  'error.upload.daily_quota_exceeded': 'You have uploaded too much today (at most {{mb}} MB in 24 hours). Try again in {{hours}} h.',
  'field.file': 'File',
  'field.max_uploads_per_hour': 'Uploads per member per hour',
  'field.max_upload_mb_per_day': 'Upload MB per member per day',
  'field.source': 'Source',
  // search
  'field.q': 'Search text',
} as const;

/** Simplified Chinese texts of the search messages (every key). */
export const search_zh_CN: Record<string, string> = {
  'error.upload.source_unsupported': '不支持的文件来源。',
  'error.upload.unsupported_file_format': '不支持的文件格式。',
  'error.upload.file_too_large': '文件太大：上限为 {{max}} MB。',
  'error.upload.too_many_uploads': '上传过于频繁：每小时最多 {{count}} 个。请在 {{minutes}} 分钟后重试。',
  'error.upload.daily_quota_exceeded': '今天上传的文件太多（24 小时内最多 {{mb}} MB）。请在 {{hours}} 小时后重试。',
  'field.file': '文件',
  'field.max_uploads_per_hour': '每位成员每小时上传数',
  'field.max_upload_mb_per_day': '每位成员每天上传 MB 数',
  'field.source': '来源',
  'field.q': '搜索内容',
};
