import type { DashboardInfo } from '../../contract/api/admin.js';

/** The figures behind the dashboard. */
export interface DashboardFigures {
  questions: { total: number; unanswered: number; resolved: number };
  answers: number;
  comments: number;
  votes: number;
  users: number;
  pending: number;
  smtp: 'enabled' | 'not_configured' | 'disabled';
  https: boolean;
  timeZone: string;
  storageBytes: number;
  uptimeSeconds: number;
  version: string;
  revision: string;
  loginRequired: boolean;
  runtimeVersion: string;
  databaseVersion: string;
  databaseBytes: number;
}

/** Sizes as the reference prints them: two decimals and B, KB, MB, GB, TB. */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(2)}${units[i]}`;
}

function rate(part: number, total: number): string {
  return total === 0 ? '0.00' : ((part / total) * 100).toFixed(2);
}

/** DashboardInfo (the reference's fields; go_version carries the Node.js version Lantern runs on). */
export function presentDashboard(f: DashboardFigures): DashboardInfo {
  return {
    question_count: f.questions.total,
    resolved_count: f.questions.resolved,
    resolved_rate: rate(f.questions.resolved, f.questions.total),
    unanswered_count: f.questions.unanswered,
    unanswered_rate: rate(f.questions.unanswered, f.questions.total),
    answer_count: f.answers,
    comment_count: f.comments,
    vote_count: f.votes,
    user_count: f.users,
    report_count: f.pending,
    uploading_files: true,
    smtp: f.smtp,
    https: f.https,
    time_zone: f.timeZone,
    occupying_storage_space: formatSize(f.storageBytes),
    app_start_time: String(f.uptimeSeconds),
    version_info: { version: f.version, revision: f.revision, remote_version: '' },
    login_required: f.loginRequired,
    go_version: f.runtimeVersion,
    database_version: f.databaseVersion,
    database_size: formatSize(f.databaseBytes),
  };
}
