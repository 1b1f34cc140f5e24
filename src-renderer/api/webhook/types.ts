import type { BodyOf } from '../../../server/contract/endpoints';

/** The response shapes live in the API contract, which the server uses too. */
export type {
  WebhookDeliveryInfo,
  WebhookDeliveryStatus,
  WebhookEvent,
  WebhookInfo,
  WebhookWithSecret,
} from '../../../server/contract/api/webhook';
export { WEBHOOK_EVENTS } from '../../../server/contract/limits';

/** What the add form sends (the edit form may add rotate_secret): the endpoint map's body. */
export type WebhookInput = BodyOf<'POST /answer/admin/api/webhooks'>;
