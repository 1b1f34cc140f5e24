import type { AppContext } from '../../app-context.js';
import { auth, currentSession, requireSession } from '../../http/auth.js';
import { bodyLimit } from '../../http/body-limit.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import {
  addTagSchema,
  mergeTagSchema,
  synonymsQuery,
  tagIdBody,
  tagInfoQuery,
  tagPageQuery,
  tagSearchQuery,
  tagsBySlugQuery,
  updateSynonymSchema,
  updateTagSchema,
} from '../../contract/requests/tag.js';
import * as service from './tag.service.js';

/** The tag endpoints: lists, detail, picker, create/edit/delete/recover, synonyms and merge. */
export function registerTag(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  api.get('/tags/page', auth(ctx, 'optional'), validate(tagPageQuery, 'query'), async (_req, res) => {
    ok(res, await service.tagPage(ctx, currentSession(res), inputOf(tagPageQuery, res)));
  });
  api.get('/tags/following', auth(ctx, 'optional'), async (_req, res) => {
    ok(res, await service.followingTags(ctx, currentSession(res)));
  });
  api.get('/tag', auth(ctx, 'optional'), validate(tagInfoQuery, 'query'), async (_req, res) => {
    ok(res, await service.tagInfo(ctx, currentSession(res), inputOf(tagInfoQuery, res)));
  });
  api.get('/tags', auth(ctx, 'optional'), validate(tagsBySlugQuery, 'query'), async (_req, res) => {
    ok(res, await service.tagsBySlugs(ctx, inputOf(tagsBySlugQuery, res).tags));
  });
  api.get('/tag/synonyms', auth(ctx, 'optional'), validate(synonymsQuery, 'query'), async (_req, res) => {
    ok(res, await service.tagSynonyms(ctx, currentSession(res), inputOf(synonymsQuery, res).tag_id));
  });
  api.get('/question/tags', auth(ctx, 'active'), validate(tagSearchQuery, 'query'), async (_req, res) => {
    ok(res, await service.searchTags(ctx, inputOf(tagSearchQuery, res).tag));
  });
  api.post('/tag', auth(ctx, 'active'), bodyLimit('post'), validate(addTagSchema), async (_req, res) => {
    ok(res, await service.addTag(ctx, requireSession(res), inputOf(addTagSchema, res)));
  });
  api.put('/tag', auth(ctx, 'active'), bodyLimit('post'), validate(updateTagSchema), async (_req, res) => {
    ok(res, await service.updateTag(ctx, requireSession(res), inputOf(updateTagSchema, res)));
  });
  api.delete('/tag', auth(ctx, 'active'), validate(tagIdBody), async (_req, res) => {
    ok(res, await service.deleteTag(ctx, requireSession(res), inputOf(tagIdBody, res).tag_id));
  });
  api.post('/tag/recover', auth(ctx, 'active'), validate(tagIdBody), async (_req, res) => {
    ok(res, await service.recoverTag(ctx, requireSession(res), inputOf(tagIdBody, res).tag_id));
  });
  api.put('/tag/synonym', auth(ctx, 'active'), bodyLimit('post'), validate(updateSynonymSchema), async (_req, res) => {
    ok(res, await service.updateSynonyms(ctx, requireSession(res), inputOf(updateSynonymSchema, res)));
  });
  api.post('/tag/merge', auth(ctx, 'active'), validate(mergeTagSchema), async (_req, res) => {
    ok(res, await service.mergeTags(ctx, requireSession(res), inputOf(mergeTagSchema, res)));
  });
}
