/** The response shapes live in the API contract, which the server's presenters use too. */
export type {
  ActivityObject,
  ProfileInfo,
  RankItem,
  TopPosts,
  UserAnswer,
  UserQuestion,
  VoteItem,
} from '../../../server/contract/api/personal';
export type { PersonalComment } from '../../../server/contract/api/comment';
/** An item of personal/collection/page: the question's info, its body left out. */
export type { QuestionDetail as BookmarkItem } from '../../../server/contract/api/question';

/** Orders of the questions and answers tabs. */
export const PERSONAL_ORDERS = ['newest', 'score'] as const;
export type PersonalOrder = (typeof PERSONAL_ORDERS)[number];
