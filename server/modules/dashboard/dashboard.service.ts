import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../../app-context.js';
import { ACTIVITY_TYPE } from '../activity/activity-types.js';
import { liftExpiredSuspensions } from '../admin-user/admin-user.repository.js';
import { readConfigValue } from '../config/config.repository.js';
import { presentDashboard } from './dashboard.presenter.js';
import * as repo from './dashboard.repository.js';

/** Bytes under a folder (0 when it does not exist). */
export async function folderSize(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) total += await folderSize(p);
    else if (e.isFile()) total += (await stat(p).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** 'enabled' with an SMTP host, 'not_configured' without one, 'disabled' when the setting is unreadable. */
async function smtpStatus(ctx: AppContext): Promise<'enabled' | 'not_configured' | 'disabled'> {
  try {
    const cfg = JSON.parse(await readConfigValue(ctx.db, 'email.config', '{}')) as { smtp_host?: unknown };
    return typeof cfg?.smtp_host === 'string' && cfg.smtp_host !== '' ? 'enabled' : 'not_configured';
  } catch {
    return 'disabled';
  }
}

function isHttps(siteUrl: string): boolean {
  try {
    return new URL(siteUrl).protocol === 'https:';
  } catch {
    return false;
  }
}

/** GET dashboard: {info}, every figure read live (the reference caches some for an hour). */
export async function dashboard(ctx: AppContext) {
  const now = ctx.clock.now();
  await liftExpiredSuspensions(ctx.db, now);
  const voteTypes = [ACTIVITY_TYPE['question.vote_up'], ACTIVITY_TYPE['question.vote_down'], ACTIVITY_TYPE['answer.vote_up'], ACTIVITY_TYPE['answer.vote_down']];
  const [questions, answers, comments, votes, users, pending, smtp, general, iface, login, storageBytes] = await Promise.all([
    repo.questionCounts(ctx.db),
    repo.answerCount(ctx.db),
    repo.commentCount(ctx.db),
    repo.voteCount(ctx.db, voteTypes),
    repo.userCount(ctx.db),
    repo.pendingReviewCount(ctx.db),
    smtpStatus(ctx),
    ctx.settings.get('general'),
    ctx.settings.get('interface'),
    ctx.settings.get('login'),
    folderSize(join(ctx.config.dataDir, 'uploads')),
  ]);
  return {
    info: presentDashboard({
      questions,
      answers,
      comments,
      votes,
      users,
      pending,
      smtp,
      https: isHttps(general.site_url),
      timeZone: iface.time_zone,
      storageBytes,
      uptimeSeconds: Math.max(0, now - ctx.startedAt),
      version: ctx.config.version,
      revision: ctx.config.revision,
      loginRequired: login.login_required,
      runtimeVersion: `Node.js ${process.versions.node}`,
      databaseVersion: ctx.dialect.version(),
      databaseBytes: ctx.dialect.sizeBytes(),
    }),
  };
}
