import type { AppContext } from '../../app-context.js';
import { notFound } from '../../http/errors.js';
import { decodeId, newObjectId, objectTypeOf, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import type { SessionUser } from '../session/session.service.js';
import { presentSwitch } from './collection.presenter.js';
import * as repo from './collection.repository.js';
import type { CollectionSwitchInput } from './collection.schema.js';
import { QUESTION_STATUS } from '../../contract/enums.js';
import { findQuestion } from '../post/post.repository.js';

/**
 * POST collection/switch: bookmark (or un-bookmark) a question in the caller's default group;
 * idempotent, and always answers the question's bookmark count.
 */
export async function switchCollection(ctx: AppContext, session: SessionUser, input: CollectionSwitchInput) {
  const id = decodeId(input.object_id);
  if (!id || objectTypeOf(id) !== OBJECT_TYPE.question) throw notFound('error.question.not_found');
  const uid = session.user.id;
  const now = ctx.clock.now();
  const count = await ctx.db.transaction().execute(async (trx) => {
    const q = await findQuestion(trx, id);
    const hidden = !!q && (q.status === QUESTION_STATUS.deleted || (q.status === QUESTION_STATUS.pending && q.user_id !== uid));
    if (!q || (hidden && input.bookmark)) throw notFound('error.question.not_found');
    const existing = await repo.findCollection(trx, uid, id);
    if (input.bookmark && !existing) {
      const groupId = await repo.defaultGroupId(trx, uid, now);
      await repo.insertCollection(trx, {
        id: await newObjectId(trx, OBJECT_TYPE.collection),
        user_id: uid,
        object_id: id,
        group_id: groupId,
        now,
      });
    } else if (!input.bookmark && existing) {
      await repo.deleteCollection(trx, existing.id);
    }
    return repo.recountQuestionCollections(trx, id);
  });
  ctx.events.emit({ type: 'collection.switched', questionId: id, userId: uid, bookmarked: input.bookmark });
  return presentSwitch(count);
}
