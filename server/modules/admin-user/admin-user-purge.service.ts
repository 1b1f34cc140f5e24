import type { AppContext } from '../../app-context.js';
import { deleteUsersExternalLogins } from '../external-login/external-login-common.service.js';
import { deleteUserPluginConfigs } from '../plugin/plugin-common.service.js';
import * as repo from './admin-user.repository.js';

/**
 * DELETE delete/permanently: removes what is already soft-deleted, for good. Users: deleted accounts
 * go; one that posts still point at keeps an empty row (the posts need an author) with its personal
 * data wiped. Questions: with their answers, comments, tags, links, bookmarks and revisions.
 * Answers: with their comments, links, bookmarks and revisions.
 */
export async function deletePermanently(ctx: AppContext, type: 'users' | 'questions' | 'answers'): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (type === 'users') {
      const { bare, withPosts } = await repo.deletedUsers(trx);
      await deleteUsersExternalLogins(trx, [...bare, ...withPosts], now);
      await deleteUserPluginConfigs(trx, [...bare, ...withPosts], now);
      await repo.deleteUserRows(trx, bare);
      await repo.scrubUsers(trx, withPosts, now);
      return;
    }
    if (type === 'questions') {
      const qids = await repo.deletedQuestionIds(trx);
      const answers = await repo.answerIds(trx, { questionIds: qids });
      const aids = answers.map((a) => a.id);
      await repo.purgePostTraces(trx, [...qids, ...aids]);
      await repo.deleteAnswerRows(trx, aids);
      await repo.deleteQuestionRows(trx, qids);
      await repo.recountUserAnswers(trx, [...new Set(answers.map((a) => a.user_id))]);
      return;
    }
    const answers = await repo.answerIds(trx, { deleted: true });
    const aids = answers.map((a) => a.id);
    await repo.purgePostTraces(trx, aids);
    await repo.deleteAnswerRows(trx, aids);
    await repo.resetLastAnswers(trx, aids);
  });
  ctx.events.emit({ type: 'content.purged', kind: type });
}
