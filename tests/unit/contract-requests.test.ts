import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { addAnswerSchema, updateAnswerSchema } from '../../server/contract/requests/answer';
import type { addCommentSchema } from '../../server/contract/requests/comment';
import type { addQuestionSchema, updateQuestionSchema } from '../../server/contract/requests/question';
import type { reviewReportSchema } from '../../server/contract/requests/report';
import type { updateTagSchema } from '../../server/contract/requests/tag';
import type { interfaceSchema, updateInfoSchema } from '../../server/contract/requests/user';
import type { AnswerInput, AnswerUpdateInput } from '../../src-renderer/api/answer/types';
import type { CommentInput } from '../../src-renderer/api/comment/types';
import type { QuestionInput, QuestionUpdateInput } from '../../src-renderer/api/question/types';
import type { FlagReviewInput } from '../../src-renderer/api/review/types';
import type { TagUpdateInput } from '../../src-renderer/api/tag/types';
import type { InterfaceBody, UpdateInfoBody } from '../../src-renderer/api/user/types';

// Request bodies: the renderer's body types are the endpoint map's (BodyOf), which the map takes
// from the request schemas of server/contract/requests, the ones the routes' validate() checks.
// This checks the pairing end to end at the type level (npx tsc -p tsconfig.json --noEmit fails on
// a mismatch): every body the renderer builds is one the schema accepts (toExtend on the body), and
// names no field the schema does not know (toExtend on its keys).

describe("the renderer's request bodies match the server's schemas", () => {
  it('questions and answers', () => {
    expectTypeOf<QuestionInput>().toExtend<z.input<typeof addQuestionSchema>>();
    expectTypeOf<keyof QuestionInput>().toExtend<keyof z.input<typeof addQuestionSchema>>();
    expectTypeOf<QuestionUpdateInput>().toExtend<z.input<typeof updateQuestionSchema>>();
    expectTypeOf<keyof QuestionUpdateInput>().toExtend<keyof z.input<typeof updateQuestionSchema>>();
    expectTypeOf<AnswerInput>().toExtend<z.input<typeof addAnswerSchema>>();
    expectTypeOf<keyof AnswerInput>().toExtend<keyof z.input<typeof addAnswerSchema>>();
    expectTypeOf<AnswerUpdateInput>().toExtend<z.input<typeof updateAnswerSchema>>();
    expectTypeOf<keyof AnswerUpdateInput>().toExtend<keyof z.input<typeof updateAnswerSchema>>();
  });

  it('comments, tags and flag reviews', () => {
    expectTypeOf<CommentInput>().toExtend<z.input<typeof addCommentSchema>>();
    expectTypeOf<keyof CommentInput>().toExtend<keyof z.input<typeof addCommentSchema>>();
    expectTypeOf<TagUpdateInput>().toExtend<z.input<typeof updateTagSchema>>();
    expectTypeOf<keyof TagUpdateInput>().toExtend<keyof z.input<typeof updateTagSchema>>();
    expectTypeOf<FlagReviewInput>().toExtend<z.input<typeof reviewReportSchema>>();
    expectTypeOf<keyof FlagReviewInput>().toExtend<keyof z.input<typeof reviewReportSchema>>();
  });

  it('the profile and interface settings', () => {
    expectTypeOf<UpdateInfoBody>().toExtend<z.input<typeof updateInfoSchema>>();
    expectTypeOf<keyof UpdateInfoBody>().toExtend<keyof z.input<typeof updateInfoSchema>>();
    expectTypeOf<InterfaceBody>().toExtend<z.input<typeof interfaceSchema>>();
    expectTypeOf<keyof InterfaceBody>().toExtend<keyof z.input<typeof interfaceSchema>>();
  });
});
