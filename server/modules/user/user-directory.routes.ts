import type { AppContext } from '../../app-context.js';
import { auth, requireSession } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { okReaderPage } from '../../http/shared-response.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import { staffQuery, usernameQuery } from '../../contract/requests/user-directory.js';
import { readConfigIds } from '../config/config.repository.js';
import type { Routers } from '../index.js';
import type { ProfileInfo } from '../../contract/api/personal.js';
import type { RankedUser, StaffUser, UserRanking } from '../../contract/api/ranking.js';
import { avatarUrl, presentUserBasic, statusName } from './user.presenter.js';
import { findUserByUsername } from './user.repository.js';
import * as repo from './user-directory.repository.js';

const STATUS_MSG: Record<string, string> = {
  suspended: "<strong>This user was suspended.</strong> This user doesn't meet a community guideline.",
  deleted: 'This user was deleted.',
  inactive: 'This user is inactive.',
};

/** GET personal/user/info: a profile as anyone sees it. */
async function profileInfo(ctx: AppContext, username: string): Promise<ProfileInfo> {
  const user = await findUserByUsername(ctx.db, username);
  if (!user) throw notFound('error.user.not_found');
  const users = await ctx.settings.get('users');
  const status = statusName(user);
  const basic = presentUserBasic(user, users);
  return {
    ...basic,
    created_at: user.created_at,
    last_login_date: user.last_login_date,
    answer_count: user.answer_count,
    question_count: user.question_count,
    follow_count: user.follow_count,
    bio: status === 'deleted' ? '' : user.bio,
    bio_html: status === 'deleted' ? '' : user.bio_html,
    mobile: '',
    status_msg: STATUS_MSG[status] ?? '',
  };
}

/** Public user lookups: a profile by username, @mention search, staff and the weekly ranking. */
export function registerUserDirectory(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  api.get('/personal/user/info', auth(ctx, 'optional'), validate(usernameQuery, 'query'), async (_req, res) => {
    const { username } = inputOf(usernameQuery, res);
    // the same profile for every caller
    await okReaderPage(ctx, res, `user:${username}`, () => profileInfo(ctx, username), true);
  });
  api.get('/user/info/search', auth(ctx, 'active'), validate(usernameQuery, 'query'), async (_req, res) => {
    const prefix = inputOf(usernameQuery, res).username;
    const users = await ctx.settings.get('users');
    const found = prefix ? await repo.searchUsersByPrefix(ctx.db, prefix, requireSession(res).user.id, 5) : [];
    ok(
      res,
      found.map((u) => presentUserBasic(u, users)),
    );
  });
  api.get('/user/staff', auth(ctx, 'optional'), validate(staffQuery, 'query'), async (_req, res) => {
    const q = inputOf(staffQuery, res);
    const users = await ctx.settings.get('users');
    const staff = await repo.findStaff(ctx.db, q.username, q.page_size);
    ok(
      res,
      staff.map((u): StaffUser => ({ username: u.username, display_name: u.display_name, avatar: avatarUrl(u, users) })),
    );
  });
  api.get('/user/ranking', auth(ctx, 'optional'), async (_req, res) => {
    const since = ctx.clock.now() - 7 * 24 * 3600;
    const users = await ctx.settings.get('users');
    const voteTypes = await readConfigIds(ctx.db, [
      'question.vote_up',
      'question.vote_down',
      'answer.vote_up',
      'answer.vote_down',
      'answer.accept',
    ]);
    const simple = (
      u: Parameters<typeof avatarUrl>[0] & { username: string; display_name: string; rank: number },
      votes = 0,
    ): RankedUser => ({
      username: u.username,
      display_name: u.display_name,
      avatar: avatarUrl(u, users),
      rank: u.rank,
      vote_count: votes,
    });
    const [rep, votes, staff] = await Promise.all([
      repo.topByReputation(ctx.db, since, 20),
      repo.topByVotes(ctx.db, since, voteTypes, 20),
      repo.findStaff(ctx.db, '', 100),
    ]);
    ok(res, {
      users_with_the_most_reputation: rep.map((u) => simple(u)),
      users_with_the_most_vote: votes.map((u) => simple(u, Number(u.votes))),
      staffs: staff.map((u) => simple(u)),
    } satisfies UserRanking);
  });
}
