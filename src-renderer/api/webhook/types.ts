/** The response shapes live in the API contract, which the server uses too. */
export type {
  WebhookDeliveryInfo,
  WebhookDeliveryStatus,
  WebhookEvent,
  WebhookInfo,
  WebhookWithSecret,
} from '../../../server/contract/api/webhook';
export { WEBHOOK_EVENTS } from '../../../server/contract/limits';

/** What the add/edit form sends. */
export interface WebhookInput {
  url: string;
  description: string;
  events: string[];
  active: boolean;
  allow_lan: boolean;
  rotate_secret?: boolean;
}
