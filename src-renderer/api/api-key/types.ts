/** The response shapes live in the API contract, which the server uses too. */
export type { ApiKeyCreated, ApiKeyInfo, ApiKeyScope } from '../../../server/contract/api/api-key';
export { API_KEY_DESCRIPTION_MAX, API_KEY_SCOPES } from '../../../server/contract/limits';
