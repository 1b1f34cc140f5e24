/** Messages of webhooks (Lantern's own keys; Answer has none). en_US complete, zh_CN complete. */
export const webhook_en_US = {
  'error.webhook.not_found': 'Webhook not found.',
  'error.webhook.delivery_not_found': 'Delivery not found.',
  'error.webhook.private_target':
    'This address is on this computer or the local network. Tick “Allow LAN and loopback addresses” to send to it.',
  'error.webhook.url_credentials': 'Put no user name or password in the URL; check the signature header instead.',
  'error.webhook.no_events': 'Choose at least one event.',
  'error.webhook.too_many': 'A site can have at most {{max}} webhooks.',
};

/** Simplified Chinese. */
export const webhook_zh_CN: Record<string, string> = {
  'error.webhook.not_found': '未找到该 Webhook。',
  'error.webhook.delivery_not_found': '未找到该投递记录。',
  'error.webhook.private_target': '该地址位于本机或局域网。勾选“允许局域网和回环地址”后才能发送到该地址。',
  'error.webhook.url_credentials': 'URL 中不要包含用户名或密码，请改为校验签名头。',
  'error.webhook.no_events': '请至少选择一个事件。',
  'error.webhook.too_many': '一个站点最多可有 {{max}} 个 Webhook。',
};
