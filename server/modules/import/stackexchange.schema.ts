import { z } from 'zod';

// One zod schema per row kind of a Stack Exchange dump. Attributes arrive as strings; a row that
// does not parse is skipped and counted under the first failing attribute.

const DATE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,7})?$/;

/** A dump date (UTC, no zone) as Unix seconds. */
const date = z
  .string()
  .regex(DATE)
  .transform((s) => Math.floor(Date.parse(`${s}Z`) / 1000))
  .refine((n) => Number.isFinite(n) && n > 0 && n < 32503680000);

const int = z
  .string()
  .regex(/^-?\d{1,10}$/)
  .transform(Number);
const id = z
  .string()
  .regex(/^-?\d{1,10}$/)
  .transform(Number);
const name = z.string().trim().min(1).max(300);

/** Tags as <a><b> (older dumps) or |a|b| (newer dumps). */
export function parseTagList(raw: string | undefined): string[] {
  if (!raw) return [];
  const parts = raw.includes('<') ? Array.from(raw.matchAll(/<([^<>]+)>/g), (m) => m[1]) : raw.split('|');
  return parts.map((t) => t.trim().toLowerCase()).filter(Boolean);
}

/** Users.xml */
export const userRow = z.object({
  Id: id,
  DisplayName: name,
  CreationDate: date,
  Reputation: int.optional(),
  LastAccessDate: date.optional(),
  Location: z.string().max(1000).optional(),
  WebsiteUrl: z.string().max(2000).optional(),
  AboutMe: z.string().max(200_000).optional(),
});
export type UserRow = z.infer<typeof userRow>;

const postCommon = {
  Id: id.refine((n) => n > 0),
  CreationDate: date,
  Score: int.optional(),
  Body: z.string().max(400_000),
  OwnerUserId: id.optional(),
  OwnerDisplayName: name.optional(),
  LastEditDate: date.optional(),
  LastActivityDate: date.optional(),
};

/** Posts.xml, PostTypeId 1. */
export const questionRow = z.object({
  ...postCommon,
  Title: z.string().trim().min(1).max(1000),
  Tags: z.string().max(2000).optional(),
  ViewCount: int.optional(),
  AcceptedAnswerId: id.optional(),
  ClosedDate: date.optional(),
});
export type QuestionRow = z.infer<typeof questionRow>;

/** Posts.xml, PostTypeId 2. */
export const answerRow = z.object({
  ...postCommon,
  ParentId: id,
});
export type AnswerRow = z.infer<typeof answerRow>;

/** Posts.xml, PostTypeId 4 (tag wiki excerpt, plain text) and 5 (tag wiki body, HTML). */
export const wikiRow = z.object({
  Id: id.refine((n) => n > 0),
  PostTypeId: z.enum(['4', '5']),
  CreationDate: date,
  Body: z.string().max(400_000),
});

/** Tags.xml */
export const tagRow = z.object({
  Id: id,
  TagName: z.string().trim().min(1).max(100),
  ExcerptPostId: id.optional(),
  WikiPostId: id.optional(),
});

/** Comments.xml */
export const commentRow = z.object({
  Id: id.refine((n) => n > 0),
  PostId: id,
  Score: int.optional(),
  Text: z.string().trim().min(1).max(20_000),
  CreationDate: date,
  UserId: id.optional(),
  UserDisplayName: name.optional(),
});
export type CommentRow = z.infer<typeof commentRow>;

/** Badges.xml */
export const badgeRow = z.object({
  Id: id.refine((n) => n > 0),
  UserId: id,
  Name: z.string().trim().min(1).max(200),
  Date: date,
  TagBased: z.enum(['True', 'False']).optional(),
});
export type BadgeRow = z.infer<typeof badgeRow>;

/** PostLinks.xml (LinkTypeId 1: linked, 3: duplicate). */
export const postLinkRow = z.object({
  Id: id.refine((n) => n > 0),
  CreationDate: date,
  PostId: id,
  RelatedPostId: id,
  LinkTypeId: z.enum(['1', '3']),
});
export type PostLinkRow = z.infer<typeof postLinkRow>;

/** Votes.xml: the vote type decides what the row means; UserId is given for favorites and bounties only. */
export const voteRow = z.object({
  Id: id.refine((n) => n > 0),
  PostId: id,
  VoteTypeId: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number),
  UserId: id.optional(),
  CreationDate: date,
  BountyAmount: int.optional(),
});
export type VoteRow = z.infer<typeof voteRow>;

/** PostHistory.xml */
export const historyRow = z.object({
  Id: id.refine((n) => n > 0),
  PostHistoryTypeId: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number),
  PostId: id,
  RevisionGUID: z.string().trim().min(1).max(100),
  CreationDate: date,
  UserId: id.optional(),
  UserDisplayName: name.optional(),
  Comment: z.string().max(2000).optional(),
  Text: z.string().max(400_000).optional(),
});
export type HistoryRow = z.infer<typeof historyRow>;

/** The reason a row failed: its first bad attribute. */
export function rowProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || 'row';
  return `invalid ${field}`;
}
