/** The response shapes live in the API contract, which the server uses too. */
export type { RankedUser, StaffUser, UserRanking } from '../../../server/contract/api/ranking';
