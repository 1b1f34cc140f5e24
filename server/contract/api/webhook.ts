/** The events a webhook can receive (the domain events' names; the list: limits.ts WEBHOOK_EVENTS). */
export type WebhookEvent =
  | 'question.created'
  | 'answer.created'
  | 'answer.accepted'
  | 'comment.created'
  | 'user.registered'
  | 'report.created';

/** Delivery states: waiting (first try or a retry), being sent, answered 2xx, given up. */
export type WebhookDeliveryStatus = 'pending' | 'sending' | 'succeeded' | 'failed';

/** A hook as the admin list shows it (the secret only as its last four characters). */
export interface WebhookInfo {
  id: string;
  url: string;
  description: string;
  events: WebhookEvent[];
  active: boolean;
  allow_lan: boolean;
  secret_hint: string;
  created_at: number;
  updated_at: number;
  /** The newest delivery's state, if any. */
  last_status: WebhookDeliveryStatus | null;
}

/** A created hook, or one whose secret was replaced: the only answers that hold the secret. */
export interface WebhookWithSecret extends WebhookInfo {
  secret: string;
}

/** One row of a hook's delivery log. */
export interface WebhookDeliveryInfo {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: WebhookEvent | 'ping';
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: number;
  response_code: number | null;
  response_ms: number | null;
  response_excerpt: string;
  error: string;
  resent_from: string | null;
  created_at: number;
  updated_at: number;
}
