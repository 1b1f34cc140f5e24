/** Messages of the static archive's download (Lantern's own keys; Answer has none). en_US complete. */
export const exportHtml_en_US = {
  'error.export_html.busy': 'A static archive is already being built; try again when it has finished.',
};

/** Simplified Chinese: every key of exportHtml_en_US. */
export const exportHtml_zh_CN: Record<keyof typeof exportHtml_en_US, string> = {
  'error.export_html.busy': '静态存档正在生成；请在它完成后重试。',
};
