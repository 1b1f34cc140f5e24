/** The response shapes live in the API contract, which the server's presenters use too. */
export type {
  RevisionSide,
  Timeline,
  TimelineDetail,
  TimelineEvent,
  TimelineObject,
  TimelineUser,
} from '../../../server/contract/api/activity';
