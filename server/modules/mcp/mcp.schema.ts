import { z } from 'zod';

// PUT mcp-config's body is a request schema of the contract
export { mcpConfigBody, type McpConfigBody } from '../../contract/requests/mcp.js';

/** At most this many results a list tool answers (Answer's are 5 questions, 5 comments, 10 tags). */
export const MCP_PAGE = { questions: 5, comments: 5, tags: 10, answers: 20, search: 20 } as const;

// The input schemas of Answer's tools: every argument an optional string, as Answer declares them
// (its `score` is read as a number, so a number is taken too).
const str = (description: string) => z.string().max(1000).optional().describe(description);

/** get_questions (Answer's NewQuestionsTool). */
export const getQuestionsArgs = {
  keyword: str('Keyword to search for questions. Multiple keywords separated by spaces'),
  username: str('Search for questions that contain only those created by the specified user'),
  tag: str('Filter by tag (semicolon separated for multiple tags)'),
  score: z
    .union([z.string().max(20), z.number()])
    .optional()
    .describe('Minimum score that the question must have'),
};

/** get_answers_by_question_id. */
export const getAnswersArgs = {
  question_id: str('The ID of the question to which the answer belongs. The question ID is provided by get_questions tool.'),
};

/** get_comments. */
export const getCommentsArgs = {
  object_id: str('Queries comments on an object, either a question or an answer. object_id is the id of the object.'),
};

/** get_tags and get_tag_detail. */
export const tagNameArgs = { tag_name: str('Tag name') };

/** get_user. */
export const usernameArgs = { username: str('Username') };

/** search (Lantern's): the relevance search of GET search with its syntax. */
export const searchArgs = {
  query: z
    .string()
    .max(60)
    .describe(
      'Search text (at most 60 characters) with the site search syntax: words, "exact phrase", [tag], user:username, score:3, ' +
        'answers:0, is:question or is:answer, isaccepted:yes, inquestion:ID',
    ),
  order: z.enum(['relevance', 'newest', 'active', 'score']).optional().describe('Result order (default relevance)'),
  page: z.number().int().min(1).max(1000).optional().describe('Page number, from 1'),
  size: z.number().int().min(1).max(MCP_PAGE.search).optional().describe(`Results per page (at most ${MCP_PAGE.search})`),
};

/** ask_question (Lantern's, global keys only). */
export const askQuestionArgs = {
  title: z.string().max(1000).describe('Question title'),
  content: z.string().max(65535).describe('Question body in Markdown'),
  tags: z.array(z.string().max(35)).max(5).describe('Tag names (slugs), at most 5; a site may require at least one'),
};

/** post_answer (Lantern's, global keys only). */
export const postAnswerArgs = {
  question_id: z.string().max(32).describe('The ID of the question to answer'),
  content: z.string().max(65535).describe('Answer body in Markdown'),
};

/** add_comment (Lantern's, global keys only). */
export const addCommentArgs = {
  object_id: z.string().max(32).describe('The ID of the question or answer to comment on'),
  content: z.string().max(1000).describe('Comment text in Markdown'),
  reply_comment_id: z.string().max(32).optional().describe('The ID of a comment this one replies to'),
};
