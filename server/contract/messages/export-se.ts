/** Messages of the Stack Exchange export (Lantern's own keys; Answer has none). en_US complete. */
export const exportSe_en_US = {
  'error.export_se.busy': 'An export of this site is already running; try again when it has finished.',
};

/** Simplified Chinese: every key of exportSe_en_US. */
export const exportSe_zh_CN: Record<keyof typeof exportSe_en_US, string> = {
  'error.export_se.busy': '本站点的导出正在进行；请在它完成后重试。',
};
