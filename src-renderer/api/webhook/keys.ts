/** Query keys of Admin → Webhooks. */
export const webhookKeys = {
  all: ['admin', 'webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: string, page: number) => [...webhookKeys.all, 'deliveries', id, page] as const,
};
