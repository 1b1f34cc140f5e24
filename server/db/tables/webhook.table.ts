import type { Generated } from 'kysely';

/** webhook: a URL the admin registered; events is a JSON list of event names; active and allow_lan are 0/1. */
export interface WebhookTable {
  id: Generated<number>;
  url: string;
  description: Generated<string>;
  events: string;
  secret: string;
  active: Generated<number>;
  allow_lan: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** webhook_delivery: one event sent (or to send) to one hook; status pending, sending, succeeded or failed. */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  webhook_id: number;
  event_id: string;
  event_type: string;
  payload: string;
  status: string;
  attempts: Generated<number>;
  next_attempt_at: number;
  /** Until when the process that claimed it owns it (unix seconds); a row left 'sending' past it is claimed again. */
  lease_until: Generated<number>;
  response_code: number | null;
  response_ms: number | null;
  response_excerpt: Generated<string>;
  error: Generated<string>;
  resent_from: number | null;
  created_at: number;
  updated_at: number;
}
