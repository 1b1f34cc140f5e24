import type { AppContext } from '../../app-context.js';
import { pageCollectedQuestions } from '../collection/collection-common.service.js';
import type { SessionUser } from '../session/session.service.js';
import { questionTags } from '../tag/tag.usage.js';
import { userBriefs } from '../user/user-brief.presenter.js';
import { presentCollectedQuestion } from './personal-collection.presenter.js';

/** GET personal/collection/page: the caller's bookmarked questions, newest bookmark first. */
export async function collectionPage(ctx: AppContext, session: SessionUser, q: { page: number; page_size: number }) {
  const { count, rows } = await pageCollectedQuestions(ctx.db, session.user.id, q.page, q.page_size);
  const [seo, write, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('write'), ctx.settings.get('users')]);
  const tags = await questionTags(
    ctx.db,
    rows.map((r) => r.id),
    write.required_tag,
  );
  const users = await userBriefs(
    ctx.db,
    usersCfg,
    rows.map((r) => r.user_id),
  );
  return { count, list: rows.map((r) => presentCollectedQuestion(r, tags.get(r.id) ?? [], users, seo.permalink)) };
}
