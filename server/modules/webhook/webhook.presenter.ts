import type { WebhookDeliveryInfo, WebhookDeliveryStatus, WebhookEvent, WebhookInfo } from '../../contract/api/webhook.js';
import type { DeliveryRow, WebhookRow } from './webhook.repository.js';

/** The events a stored hook lists (unknown names dropped). */
export function eventsOf(row: Pick<WebhookRow, 'events'>): WebhookEvent[] {
  try {
    const list = JSON.parse(row.events) as unknown;
    return Array.isArray(list) ? (list.filter((e) => typeof e === 'string') as WebhookEvent[]) : [];
  } catch {
    return [];
  }
}

/** A hook for the admin list: the secret only as a hint of its last four characters. */
export function presentHook(row: WebhookRow, lastStatus: string | null = null): WebhookInfo {
  return {
    id: String(row.id),
    url: row.url,
    description: row.description,
    events: eventsOf(row),
    active: row.active === 1,
    allow_lan: row.allow_lan === 1,
    secret_hint: `…${row.secret.slice(-4)}`,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    last_status: (lastStatus as WebhookDeliveryStatus | null) ?? null,
  };
}

/** One delivery log row (the body sent is not repeated: the receiver has it). */
export function presentDelivery(row: DeliveryRow): WebhookDeliveryInfo {
  return {
    id: String(row.id),
    webhook_id: String(row.webhook_id),
    event_id: row.event_id,
    event_type: row.event_type as WebhookDeliveryInfo['event_type'],
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    next_attempt_at: Number(row.next_attempt_at),
    response_code: row.response_code,
    response_ms: row.response_ms,
    response_excerpt: row.response_excerpt,
    error: row.error,
    resent_from: row.resent_from === null ? null : String(row.resent_from),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
