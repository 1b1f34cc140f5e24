/** Messages of the scheduled exports (Lantern's own keys; Answer has none). en_US complete. */
export const exportSchedule_en_US = {
  'error.export.folder_not_absolute': 'Give the folder as an absolute path (such as /home/me/lantern-archive or D:\\lantern-archive).',
  'error.export.folder_not_writable': 'Lantern cannot write into this folder ({{detail}}).',
  'error.export.nothing_chosen': 'Choose at least one thing to write.',
  'error.export.busy': 'The scheduled exports are already running; try again when they have finished.',
  'error.export.no_folder': 'Choose a folder and save the settings first.',
  'error.export.failed': 'The export failed: {{detail}}',
  'error.export.stopped': 'The server stopped before this step finished.',
  'field.folder': 'Folder',
  'field.time': 'Time',
  'field.kinds': 'What to write',
};

/** Simplified Chinese: every key of exportSchedule_en_US. */
export const exportSchedule_zh_CN: Record<keyof typeof exportSchedule_en_US, string> = {
  'error.export.folder_not_absolute': '请填写文件夹的绝对路径（例如 /home/me/lantern-archive 或 D:\\lantern-archive）。',
  'error.export.folder_not_writable': 'Lantern 无法写入此文件夹（{{detail}}）。',
  'error.export.nothing_chosen': '请至少选择一项要写入的内容。',
  'error.export.busy': '定时导出正在运行；请在它完成后重试。',
  'error.export.no_folder': '请先选择文件夹并保存设置。',
  'error.export.failed': '导出失败：{{detail}}',
  'error.export.stopped': '服务器在此步骤完成前停止了。',
  'field.folder': '文件夹',
  'field.time': '时间',
  'field.kinds': '写入内容',
};
