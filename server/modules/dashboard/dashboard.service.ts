import type { DashboardActivity } from '../../contract/api/admin.js';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../../app-context.js';
import { ACTIVITY_TYPE } from '../../contract/enums.js';
import { liftExpiredSuspensions } from '../admin-user/admin-user-common.service.js';
import { readConfigValue } from '../config/config.repository.js';
import { formatSize, presentDashboard } from './dashboard.presenter.js';
import * as repo from './dashboard.repository.js';
import { uploadsDir } from '../upload/upload.service.js';
import { BACKUP_NAME } from '../../infra/backup.js';

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
  // a GET that writes, kept on purpose: it only lifts suspensions whose end has passed (idempotent),
  // so the figures agree with login, which already lets such a user in
  await liftExpiredSuspensions(ctx.db, now);
  const voteTypes = [
    ACTIVITY_TYPE['question.vote_up'],
    ACTIVITY_TYPE['question.vote_down'],
    ACTIVITY_TYPE['answer.vote_up'],
    ACTIVITY_TYPE['answer.vote_down'],
  ];
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
    folderSize(uploadsDir(ctx)),
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
      databaseVersion: await ctx.dialect.version(),
      databaseBytes: await ctx.dialect.sizeBytes(),
    }),
  };
}

/** Seconds the wall clock of a time zone is ahead of UTC at `atSeconds` (0 for an unknown zone). */
export function zoneOffsetSeconds(timeZone: string, atSeconds: number): number {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(atSeconds * 1000));
    const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) / 1000 - atSeconds;
  } catch {
    return 0;
  }
}

/** When the newest backup in <dataDir>/backups was written (unix seconds), or null without one. */
export async function lastBackupAt(dataDir: string): Promise<number | null> {
  let names: string[];
  try {
    names = await readdir(join(dataDir, 'backups'));
  } catch {
    return null;
  }
  let newest: number | null = null;
  // only whole backups count: the names Lantern gives finished archives (not a .partial or a staging folder)
  for (const name of names.filter((n) => BACKUP_NAME.test(n))) {
    const s = await stat(join(dataDir, 'backups', name)).catch(() => null);
    if (s?.isFile()) newest = Math.max(newest ?? 0, Math.floor(s.mtimeMs / 1000));
  }
  return newest;
}

/** Days shown by the activity chart. */
export const ACTIVITY_DAYS = 30;

/**
 * GET dashboard/activity (Lantern's own): questions, answers and users created per day over the
 * last 30 days of the site's time zone (today last), and the server's health.
 */
export async function dashboardActivity(ctx: AppContext): Promise<DashboardActivity> {
  const now = ctx.clock.now();
  const iface = await ctx.settings.get('interface');
  const offset = zoneOffsetSeconds(iface.time_zone, now);
  const today = Math.floor((now + offset) / 86400);
  const first = today - (ACTIVITY_DAYS - 1);
  const since = first * 86400 - offset;
  const [questions, answers, users, uploadsBytes, backup] = await Promise.all([
    repo.createdPerDay(ctx.db, 'question', since, offset),
    repo.createdPerDay(ctx.db, 'answer', since, offset),
    repo.createdPerDay(ctx.db, 'user', since, offset),
    folderSize(uploadsDir(ctx)),
    lastBackupAt(ctx.config.dataDir),
  ]);
  const days = [];
  for (let d = first; d <= today; d++) {
    days.push({
      date: new Date(d * 86400 * 1000).toISOString().slice(0, 10),
      questions: questions.get(d) ?? 0,
      answers: answers.get(d) ?? 0,
      users: users.get(d) ?? 0,
    });
  }
  const databaseBytes = await ctx.dialect.sizeBytes();
  return {
    time_zone: iface.time_zone,
    days,
    health: {
      database_size: formatSize(databaseBytes),
      database_bytes: databaseBytes,
      uploads_size: formatSize(uploadsBytes),
      uploads_bytes: uploadsBytes,
      version: ctx.config.version,
      revision: ctx.config.revision,
      last_backup_at: backup,
    },
  };
}
