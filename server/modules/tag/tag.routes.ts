import type { AppContext } from '../../app-context.js';
import { auth, currentSession, requireSession } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { input, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import {
  addTagSchema, mergeTagSchema, synonymsQuery, tagIdBody, tagInfoQuery, tagPageQuery, tagSearchQuery, tagsBySlugQuery, updateSynonymSchema, updateTagSchema,
  type AddTagInput, type TagInfoInput, type TagItemInput, type TagPageInput, type UpdateTagInput,
} from './tag.schema.js';
import * as service from './tag.service.js';

/** The tag endpoints: lists, detail, picker, create/edit/delete/recover, synonyms and merge. */
export function registerTag(ctx: AppContext, { api }: Routers): void {
  api.get('/tags/page', auth(ctx, 'optional'), validate(tagPageQuery, 'query'), async (_req, res) => {
    ok(res, await service.tagPage(ctx, currentSession(res), input<TagPageInput>(res)));
  });
  api.get('/tags/following', auth(ctx, 'optional'), async (_req, res) => {
    ok(res, await service.followingTags(ctx, currentSession(res)));
  });
  api.get('/tag', auth(ctx, 'optional'), validate(tagInfoQuery, 'query'), async (_req, res) => {
    ok(res, await service.tagInfo(ctx, currentSession(res), input<TagInfoInput>(res)));
  });
  api.get('/tags', auth(ctx, 'optional'), validate(tagsBySlugQuery, 'query'), async (_req, res) => {
    ok(res, await service.tagsBySlugs(ctx, input<{ tags: string[] }>(res).tags));
  });
  api.get('/tag/synonyms', auth(ctx, 'optional'), validate(synonymsQuery, 'query'), async (_req, res) => {
    ok(res, await service.tagSynonyms(ctx, currentSession(res), input<{ tag_id: string }>(res).tag_id));
  });
  api.get('/question/tags', auth(ctx, 'active'), validate(tagSearchQuery, 'query'), async (_req, res) => {
    ok(res, await service.searchTags(ctx, input<{ tag?: string }>(res).tag));
  });
  api.post('/tag', auth(ctx, 'active'), validate(addTagSchema), async (_req, res) => {
    ok(res, await service.addTag(ctx, requireSession(res), input<AddTagInput>(res)));
  });
  api.put('/tag', auth(ctx, 'active'), validate(updateTagSchema), async (_req, res) => {
    ok(res, await service.updateTag(ctx, requireSession(res), input<UpdateTagInput>(res)));
  });
  api.delete('/tag', auth(ctx, 'active'), validate(tagIdBody), async (_req, res) => {
    ok(res, await service.deleteTag(ctx, requireSession(res), input<{ tag_id: string }>(res).tag_id));
  });
  api.post('/tag/recover', auth(ctx, 'active'), validate(tagIdBody), async (_req, res) => {
    ok(res, await service.recoverTag(ctx, requireSession(res), input<{ tag_id: string }>(res).tag_id));
  });
  api.put('/tag/synonym', auth(ctx, 'active'), validate(updateSynonymSchema), async (_req, res) => {
    ok(res, await service.updateSynonyms(ctx, requireSession(res), input<{ tag_id: string; synonym_tag_list: TagItemInput[] }>(res)));
  });
  api.post('/tag/merge', auth(ctx, 'active'), validate(mergeTagSchema), async (_req, res) => {
    ok(res, await service.mergeTags(ctx, requireSession(res), input<{ source_tag_id: string; target_tag_id: string }>(res)));
  });
}
