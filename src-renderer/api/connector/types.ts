/** The response shapes live in the API contract, which the server's presenters use too. */
export type { ConnectorInfo, UserConnector } from '../../../server/contract/api/connector';
