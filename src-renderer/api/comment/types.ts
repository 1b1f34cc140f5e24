import type { BodyOf } from '../../../server/contract/endpoints';
/** The response shapes live in the API contract, which the server's presenters use too. */
export type { CommentInfo, PersonalComment, UpdatedComment } from '../../../server/contract/api/comment';

/** Body of POST comment (the endpoint map's). */
export type CommentInput = BodyOf<'POST /answer/api/v1/comment'>;

/** Comment length limits of the server (2-600 characters). */
export const COMMENT_LIMITS = { min: 2, max: 600 } as const;
