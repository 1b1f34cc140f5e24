import type { UserBrief, UserStatusName } from './common.js';

/** DashboardInfo: the site's figures and state (GET admin dashboard's `info`). */
export interface DashboardInfo {
  question_count: number;
  resolved_count: number;
  resolved_rate: string;
  unanswered_count: number;
  unanswered_rate: string;
  answer_count: number;
  comment_count: number;
  vote_count: number;
  user_count: number;
  report_count: number;
  uploading_files: boolean;
  smtp: 'enabled' | 'not_configured' | 'disabled';
  https: boolean;
  time_zone: string;
  occupying_storage_space: string;
  app_start_time: string;
  version_info: { version: string; revision: string; remote_version: string };
  login_required: boolean;
  /** The Node.js version Lantern runs on (the reference's Go version). */
  go_version: string;
  database_version: string;
  database_size: string;
}

/** AdminQuestionInfo: a row of the admin question list. */
export interface AdminQuestion {
  id: string;
  title: string;
  vote_count: number;
  show: number;
  pin: number;
  answer_count: number;
  accepted_answer_id: string;
  create_time: number;
  update_time: number;
  edit_time: number;
  user_info: UserBrief | null;
}

/** AdminAnswerInfo: a row of the admin answer list with its question's title. */
export interface AdminAnswer {
  id: string;
  question_id: string;
  description: string;
  create_time: number;
  update_time: number;
  accepted: number;
  user_info: UserBrief | null;
  vote_count: number;
  question_info: { title: string };
}

/** GetUserPageResp item: a user as the admin list shows them (deleted_at / suspended_at only in those states). */
export interface AdminUser {
  user_id: string;
  created_at: number;
  deleted_at: number;
  suspended_at: number;
  suspended_until: number;
  username: string;
  e_mail: string;
  rank: number;
  status: UserStatusName;
  display_name: string;
  avatar: string;
  role_id: number;
  role_name: string;
  /** Lantern's own: imported from a Stack Exchange dump, and still claimable (no password set). */
  imported: boolean;
  claimable: boolean;
}

/** GetPluginListResp: one installed plugin. */
export interface AdminPlugin {
  name: string;
  slug_name: string;
  description: string;
  version: string;
  enabled: boolean;
  have_config: boolean;
  link: string;
}

/** GET admin dashboard/activity (Lantern's own): figures per day (last 30, today last) and the server's health. */
export interface DashboardActivity {
  time_zone: string;
  days: { date: string; questions: number; answers: number; users: number }[];
  health: {
    database_size: string;
    database_bytes: number;
    uploads_size: string;
    uploads_bytes: number;
    version: string;
    revision: string;
    last_backup_at: number | null;
  };
}

/** GET admin lan (Lantern's own): where the server listens and how LAN browsers reach it. */
export interface LanStatus {
  enabled: boolean;
  /** Whether the desktop app hosts this server (only then can the switch restart it). */
  managed: boolean;
  port: number;
  local_url: string;
  addresses: { url: string; qr_svg: string }[];
  /** http, or https when the server has a certificate (Lantern's additions from here on). */
  scheme: 'http' | 'https';
  /** The certificate browsers are shown, for a colleague to compare; null on plain HTTP. */
  tls: LanTls | null;
  /** What a LAN visitor meets when something is off, one sentence each (none when all is well). */
  hints: LanHint[];
  /** The site's mDNS name while it is advertised (`team-qa.local`), with its URL and QR code; else null. */
  local_name: { host: string; url: string; qr_svg: string } | null;
}

/** The HTTPS certificate as GET admin lan shows it (never the key). */
export interface LanTls {
  mode: 'self-signed' | 'files';
  /** SHA-256, colon-separated upper-case hex, as browsers show it. */
  fingerprint: string;
  names: string[];
  /** ISO date after which browsers refuse it. */
  not_after: string;
  cert_file: string;
  key_file: string;
}

/** One hint of GET admin lan; `message` is the English sentence the console prints too. */
export type LanHint =
  | { kind: 'loopback_only'; message: string; host: string }
  | { kind: 'firewall'; message: string; port: number }
  | { kind: 'site_url'; message: string; site_url: string; suggested: string };

/** GetRoleResp: an entry of GET admin roles. */
export interface AdminRole {
  id: number;
  name: string;
  description: string;
}
