/** The shapes every resource shares live in the API contract (server/contract/api), which the server's presenters use too. */
export type { MemberAction, Page, PostStatusName, TagBrief, UserBrief, UserStatusName, VoteStatus } from '../../server/contract/api/common';
