/**
 * The endpoint map: every JSON route of the API, keyed by "METHOD /full/path" as Express declares it
 * (path parameters as `:name`), with the shape of its `data` and, where the client sends them, of its
 * query and body. The server's routers (server/http/typed-router.ts) type each handler's responder by
 * its key, and the renderer's client (src-renderer/api/client.ts) infers what a call returns from the
 * path it calls: one pairing of path and type for both sides. Types only.
 */
import type { LanguageOption } from './languages.js';
import type { Timeline, TimelineDetail } from './api/activity.js';
import type {
  AdminAnswer,
  AdminPlugin,
  AdminQuestion,
  AdminRole,
  AdminUser,
  DashboardActivity,
  DashboardInfo,
  LanStatus,
} from './api/admin.js';
import type { AnswerInfo, AnswerWithQuestion } from './api/answer.js';
import type { ApiKeyCreated, ApiKeyInfo } from './api/api-key.js';
import type { BackupJob, BackupOverview, BackupSchedule } from './api/backup.js';
import type { AdminBadge, BadgeAward, BadgeGroup, BadgeInfo, UserBadge } from './api/badge.js';
import type { ClaimInfo, ClaimLink } from './api/claim.js';
import type { CommentInfo, PersonalComment, UpdatedComment } from './api/comment.js';
import type { UserBrief, Page } from './api/common.js';
import type { BindingEmailResp, ConnectorInfo, UserConnector } from './api/connector.js';
import type { ImportJobStatus } from './api/import.js';
import type { McpConfig } from './api/mcp.js';
import type { ReactionSummary } from './api/meta.js';
import type { NotificationItem, RedDot } from './api/notification.js';
import type { ProfileInfo, RankItem, TopPosts, UserAnswer, UserQuestion, VoteItem } from './api/personal.js';
import type { PluginConfigForm, UserPluginItem } from './api/plugin.js';
import type { EditResult, QuestionDetail, QuestionItem, SimilarQuestion } from './api/question.js';
import type { StaffUser, UserRanking } from './api/ranking.js';
import type { ReasonItem } from './api/reason.js';
import type { FlaggedPost, QueuedPost, ReviewingType } from './api/review.js';
import type { Revision, SuggestedEdit } from './api/revision.js';
import type { SearchResult } from './api/search.js';
import type { AdminSettingGroups, PrivilegeOptions, SiteInfo, SmtpSettings } from './api/site.js';
import type { FollowingTag, TagBasic, TagDetail, TagItem, TagSynonyms } from './api/tag.js';
import type { CaptchaRecord, CurrentUserInfo, LoginResp, NotificationConfig, Permissions } from './api/user.js';
import type { VoteResult } from './api/vote.js';
import type { WebhookDeliveryInfo, WebhookInfo, WebhookWithSecret } from './api/webhook.js';

/** One endpoint: the request's query and body (when the map names them) and the response envelope's data. */
export interface Endpoint {
  query?: unknown;
  body?: unknown;
  data: unknown;
}

/** A page query. */
interface Paging {
  page?: number;
  page_size?: number;
}

/** What a write guarded by a captcha carries. */
interface Captcha {
  captcha_id?: string;
  captcha_code?: string;
}

/**
 * Every JSON endpoint the renderer calls (and more of the server's), by "METHOD path". The server's
 * routers check each handler's ok() against `data`; the renderer's client returns `data`'s type.
 */
export interface Endpoints {
  // activity
  'GET /answer/api/v1/activity/timeline': { query: { object_id: string; show_vote?: string }; data: Timeline };
  'GET /answer/api/v1/activity/timeline/detail': { query: { new_revision_id: string; old_revision_id?: string }; data: TimelineDetail };

  // admin: content, users, roles, dashboard, plugins, LAN, import, MCP
  'GET /answer/admin/api/question/page': { data: Page<AdminQuestion> };
  'GET /answer/admin/api/answer/page': { data: Page<AdminAnswer> };
  'PUT /answer/admin/api/question/status': { body: { question_id: string; status: string }; data: null };
  'PUT /answer/admin/api/answer/status': { body: { answer_id: string; status: 'available' | 'deleted' }; data: null };
  'GET /answer/admin/api/users/page': { data: Page<AdminUser> };
  'GET /answer/admin/api/roles': { data: AdminRole[] };
  'GET /answer/admin/api/user/activation': { query: { user_id: string }; data: { activation_url: string } };
  'POST /answer/admin/api/user/activation': { body: { user_id: string }; data: null };
  'PUT /answer/admin/api/user/status': { data: null };
  'PUT /answer/admin/api/user/role': { body: { user_id: string; role_id: number }; data: null };
  'PUT /answer/admin/api/user/password': { body: { user_id: string; password: string }; data: null };
  'PUT /answer/admin/api/user/profile': { data: null };
  'POST /answer/admin/api/users': { body: { users: string }; data: null };
  'POST /answer/admin/api/user': { data: null };
  'DELETE /answer/admin/api/delete/permanently': { body: { type: string }; data: null };
  'GET /answer/admin/api/reasons': { query: { object_type: string; action: string }; data: ReasonItem[] | null };
  'POST /answer/admin/api/user/claim': { body: { user_id: string; e_mail?: string }; data: ClaimLink };
  'GET /answer/admin/api/dashboard': { data: { info: DashboardInfo } };
  'GET /answer/admin/api/dashboard/activity': { data: DashboardActivity };
  'GET /answer/admin/api/plugins': { data: AdminPlugin[] };
  'PUT /answer/admin/api/plugin/status': { body: { plugin_slug_name: string; enabled: boolean }; data: null };
  'GET /answer/admin/api/plugin/config': { query: { plugin_slug_name: string }; data: PluginConfigForm };
  'PUT /answer/admin/api/plugin/config': { data: null };
  'GET /answer/admin/api/lan': { data: LanStatus };
  'PUT /answer/admin/api/lan': { data: { restarting: boolean } };
  'POST /answer/admin/api/lan/site-url': { data: { site_url: string } };
  'GET /answer/admin/api/import/stackexchange': { data: ImportJobStatus };
  'GET /answer/admin/api/mcp-config': { data: McpConfig };
  'PUT /answer/admin/api/mcp-config': { data: null };

  // admin settings: one pair per group
  'GET /answer/admin/api/siteinfo/general': { data: AdminSettingGroups['general'] };
  'PUT /answer/admin/api/siteinfo/general': { body: AdminSettingGroups['general']; data: unknown };
  'GET /answer/admin/api/siteinfo/interface': { data: AdminSettingGroups['interface'] };
  'PUT /answer/admin/api/siteinfo/interface': { body: AdminSettingGroups['interface']; data: unknown };
  'GET /answer/admin/api/siteinfo/branding': { data: AdminSettingGroups['branding'] };
  'PUT /answer/admin/api/siteinfo/branding': { body: AdminSettingGroups['branding']; data: unknown };
  'GET /answer/admin/api/siteinfo/write': { data: AdminSettingGroups['write'] };
  'PUT /answer/admin/api/siteinfo/write': { body: AdminSettingGroups['write']; data: unknown };
  'GET /answer/admin/api/siteinfo/legal': { data: AdminSettingGroups['legal'] };
  'PUT /answer/admin/api/siteinfo/legal': { body: AdminSettingGroups['legal']; data: unknown };
  'GET /answer/admin/api/siteinfo/seo': { data: AdminSettingGroups['seo'] };
  'PUT /answer/admin/api/siteinfo/seo': { body: AdminSettingGroups['seo']; data: unknown };
  'GET /answer/admin/api/siteinfo/login': { data: AdminSettingGroups['login'] };
  'PUT /answer/admin/api/siteinfo/login': { body: AdminSettingGroups['login']; data: unknown };
  'GET /answer/admin/api/siteinfo/custom-css-html': { data: AdminSettingGroups['custom-css-html'] };
  'PUT /answer/admin/api/siteinfo/custom-css-html': { body: AdminSettingGroups['custom-css-html']; data: unknown };
  'GET /answer/admin/api/siteinfo/theme': { data: AdminSettingGroups['theme'] };
  'PUT /answer/admin/api/siteinfo/theme': { body: AdminSettingGroups['theme']; data: unknown };
  'GET /answer/admin/api/siteinfo/users': { data: AdminSettingGroups['users'] };
  'PUT /answer/admin/api/siteinfo/users': { body: AdminSettingGroups['users']; data: unknown };
  'GET /answer/admin/api/setting/smtp': { data: SmtpSettings };
  'PUT /answer/admin/api/setting/smtp': { body: AdminSettingGroups['smtp']; data: null };
  'GET /answer/admin/api/setting/privileges': { data: PrivilegeOptions };
  'PUT /answer/admin/api/setting/privileges': { body: AdminSettingGroups['privileges']; data: null };
  'GET /answer/admin/api/language/options': { data: LanguageOption[] };
  'GET /answer/admin/api/theme/options': { data: { label: string; value: string }[] };

  // answer
  'GET /answer/api/v1/answer/page': { query: { question_id: string; order?: string } & Paging; data: Page<AnswerInfo> };
  'GET /answer/api/v1/answer/info': { query: { id: string }; data: AnswerWithQuestion };
  'POST /answer/api/v1/answer': { data: { info: AnswerInfo } };
  'PUT /answer/api/v1/answer': { data: EditResult };
  'DELETE /answer/api/v1/answer': { body: { id: string } & Captcha; data: null };
  'POST /answer/api/v1/answer/recover': { body: { answer_id: string }; data: null };
  'POST /answer/api/v1/answer/acceptance': { body: { question_id: string; answer_id: string }; data: null };

  // API keys (admin's and personal)
  'GET /answer/admin/api/api-key/all': { data: ApiKeyInfo[] };
  'POST /answer/admin/api/api-key': { data: ApiKeyCreated };
  'PUT /answer/admin/api/api-key': { body: { id: number; description: string }; data: null };
  'DELETE /answer/admin/api/api-key': { body: { id: number }; data: null };
  'GET /answer/api/v1/personal/api-key/all': { data: ApiKeyInfo[] };
  'POST /answer/api/v1/personal/api-key': { data: ApiKeyCreated };
  'PUT /answer/api/v1/personal/api-key': { body: { id: number; description: string }; data: null };
  'DELETE /answer/api/v1/personal/api-key': { body: { id: number }; data: null };

  // backups
  'GET /answer/admin/api/backups': { data: BackupOverview };
  'POST /answer/admin/api/backups': { data: { job: BackupJob } };
  'GET /answer/admin/api/backups/job': { data: BackupJob | null };
  'GET /answer/admin/api/backups/schedule': { data: BackupSchedule };
  'PUT /answer/admin/api/backups/schedule': { body: BackupSchedule; data: BackupSchedule };
  'POST /answer/admin/api/backups/:name/restore': { data: { job: BackupJob } };
  'DELETE /answer/admin/api/backups/:name': { data: null };

  // badge
  'GET /answer/api/v1/badges': { data: BadgeGroup[] | null };
  'GET /answer/api/v1/badge': { query: { id: string }; data: BadgeInfo };
  'GET /answer/api/v1/badge/awards/page': { query: { badge_id: string } & Paging; data: Page<BadgeAward> };
  'GET /answer/api/v1/badge/user/awards': { query: { username: string }; data: Page<UserBadge> };
  'GET /answer/api/v1/badge/user/awards/recent': { query: { username: string }; data: Page<UserBadge> };
  'GET /answer/admin/api/badges': { data: Page<AdminBadge> };
  'PUT /answer/admin/api/badge/status': { body: { id: string; status: 'active' | 'inactive' }; data: null };

  // collection, follow
  'POST /answer/api/v1/collection/switch': {
    body: { object_id: string; group_id: string; bookmark: boolean };
    data: { object_collection_count: number };
  };
  'POST /answer/api/v1/follow': { body: { object_id: string; is_cancel: boolean }; data: { follows: number; is_followed: boolean } };

  // comment
  'GET /answer/api/v1/comment/page': { query: { object_id: string } & Paging; data: Page<CommentInfo> };
  'GET /answer/api/v1/comment': { query: { id: string }; data: CommentInfo };
  'POST /answer/api/v1/comment': { data: CommentInfo };
  'PUT /answer/api/v1/comment': { data: UpdatedComment };
  'DELETE /answer/api/v1/comment': { body: { comment_id: string } & Captcha; data: null };

  // connector
  'GET /answer/api/v1/connector/info': { data: ConnectorInfo[] };
  'GET /answer/api/v1/connector/user/info': { data: UserConnector[] | null };
  'DELETE /answer/api/v1/connector/user/unbinding': { body: { external_id: string }; data: null };
  'POST /answer/api/v1/connector/binding/email': { body: { binding_key: string; email: string; must?: boolean }; data: BindingEmailResp };

  // file, post
  'POST /answer/api/v1/file': { body: FormData; data: string };
  'POST /answer/api/v1/post/render': { body: { content: string }; data: string };

  // installation
  'GET /installation/language/options': { data: LanguageOption[] };
  'POST /installation/config-file/check': {
    data: { config_file_exist: boolean; db_connection_success: boolean; db_table_exist: boolean; setup_code_required?: boolean };
  };
  'POST /installation/setup-code/check': { body: { setup_code: string }; data: null };
  'POST /installation/db/check': { data: { connection_success: boolean } };
  'POST /installation/init': { data: null };
  'POST /installation/base-info': { data: null };

  // language
  'GET /answer/api/v1/language/options': { data: (Omit<LanguageOption, 'progress'> & { progress?: number })[] };

  // meta
  'GET /answer/api/v1/meta/reaction': { query: { object_id: string }; data: ReactionSummary };
  'PUT /answer/api/v1/meta/reaction': {
    body: { object_id: string; emoji: string; reaction: 'activate' | 'deactivate' };
    data: ReactionSummary;
  };

  // notification
  'GET /answer/api/v1/notification/status': { data: RedDot };
  'PUT /answer/api/v1/notification/status': { body: { type: string }; data: RedDot };
  'GET /answer/api/v1/notification/page': { data: Page<NotificationItem> };
  'PUT /answer/api/v1/notification/read/state': { body: { id: string }; data: Record<string, never> };
  'PUT /answer/api/v1/notification/read/state/all': { body: { type: string }; data: Record<string, never> };

  // personal
  'GET /answer/api/v1/personal/user/info': { query: { username: string }; data: ProfileInfo };
  'GET /answer/api/v1/personal/qa/top': { query: { username: string }; data: TopPosts };
  'GET /answer/api/v1/personal/question/page': { data: Page<UserQuestion> };
  'GET /answer/api/v1/personal/answer/page': { data: Page<UserAnswer> };
  'GET /answer/api/v1/personal/comment/page': { data: Page<PersonalComment> };
  'GET /answer/api/v1/personal/collection/page': { data: Page<QuestionDetail> };
  'GET /answer/api/v1/personal/rank/page': { data: Page<RankItem> };
  'GET /answer/api/v1/personal/vote/page': { data: Page<VoteItem> };

  // question
  'GET /answer/api/v1/question/page': { data: Page<QuestionItem> };
  'GET /answer/api/v1/question/recommend/page': { data: Page<QuestionItem> };
  'GET /answer/api/v1/question/info': { query: { id: string; share?: string }; data: QuestionDetail };
  'GET /answer/api/v1/question/similar': { query: { title: string }; data: SimilarQuestion[] | null };
  'GET /answer/api/v1/question/similar/tag': { query: { question_id: string }; data: Page<QuestionItem> };
  'GET /answer/api/v1/question/link': { data: Page<QuestionItem> };
  'GET /answer/api/v1/question/tags': { query: { tag: string }; data: TagBasic[] | null };
  'GET /answer/api/v1/question/invite': { query: { id: string }; data: UserBrief[] | null };
  'PUT /answer/api/v1/question/invite': { data: null };
  'POST /answer/api/v1/question': { data: QuestionDetail };
  'POST /answer/api/v1/question/answer': { data: AnswerWithQuestion };
  'PUT /answer/api/v1/question': { data: EditResult };
  'DELETE /answer/api/v1/question': { body: { id: string } & Captcha; data: null };
  'PUT /answer/api/v1/question/status': { data: null };
  'PUT /answer/api/v1/question/reopen': { body: { question_id: string }; data: null };
  'PUT /answer/api/v1/question/operation': { body: { id: string; operation: 'pin' | 'unpin' | 'hide' | 'show' }; data: null };
  'POST /answer/api/v1/question/recover': { body: { question_id: string }; data: null };
  'GET /answer/api/v1/permission': { query: { action: string }; data: Permissions };

  // ranking
  'GET /answer/api/v1/user/ranking': { data: UserRanking };
  'GET /answer/api/v1/user/staff': { query: { page_size?: number }; data: StaffUser[] | null };

  // reasons, reports, review
  'GET /answer/api/v1/reasons': { query: { object_type: string; action: string }; data: ReasonItem[] | null };
  'POST /answer/api/v1/report': { data: null };
  'GET /answer/api/v1/reviewing/type': { data: ReviewingType[] | null };
  'GET /answer/api/v1/review/pending/post/page': { query: Paging; data: Page<QueuedPost> };
  'PUT /answer/api/v1/review/pending/post': { body: { review_id: number; status: 'approve' | 'reject' }; data: null };
  'GET /answer/api/v1/report/unreviewed/post': { query: Paging; data: Page<FlaggedPost> };
  'PUT /answer/api/v1/report/review': { data: null };

  // revisions
  'GET /answer/api/v1/revisions': { query: { object_id?: string }; data: Revision[] | null };
  'GET /answer/api/v1/revisions/edit/check': { query: { id: string }; data: null };
  'GET /answer/api/v1/revisions/unreviewed': { query: Paging; data: Page<SuggestedEdit> };
  'PUT /answer/api/v1/revisions/audit': { body: { id: string; operation: string }; data: Record<string, never> };

  // search
  'GET /answer/api/v1/search': { data: Page<SearchResult> };

  // site
  'GET /answer/api/v1/siteinfo': { data: SiteInfo };
  'GET /answer/api/v1/siteinfo/legal': { query: { info_type: string }; data: Record<string, string> };

  // tag
  'GET /answer/api/v1/tag': { query: { name?: string; id?: string }; data: TagDetail };
  'POST /answer/api/v1/tag': { data: { slug_name: string } };
  'PUT /answer/api/v1/tag': { data: { wait_for_review: boolean } | null };
  'DELETE /answer/api/v1/tag': { body: { tag_id: string }; data: null };
  'POST /answer/api/v1/tag/recover': { body: { tag_id: string }; data: null };
  'GET /answer/api/v1/tags/page': { data: Page<TagItem> };
  'GET /answer/api/v1/tags': { query: { tags: string }; data: TagBasic[] };
  'GET /answer/api/v1/tags/following': { data: FollowingTag[] };
  'GET /answer/api/v1/tag/synonyms': { query: { tag_id?: string }; data: TagSynonyms };
  'PUT /answer/api/v1/tag/synonym': { data: null };

  // user: accounts
  'POST /answer/api/v1/user/login/email': { data: LoginResp };
  'POST /answer/api/v1/user/register/email': { data: LoginResp };
  'POST /answer/api/v1/user/email/verification': { body: { code: string }; data: LoginResp };
  'POST /answer/api/v1/user/email/verification/send': { body: Captcha; data: null };
  'POST /answer/api/v1/user/password/reset': { data: null };
  'POST /answer/api/v1/user/password/replacement': { data: null };
  'POST /answer/api/v1/user/email/change/code': { data: null };
  'PUT /answer/api/v1/user/email': { body: { code: string }; data: LoginResp };
  'PUT /answer/api/v1/user/notification/unsubscribe': { body: { code: string }; data: null };
  'GET /answer/api/v1/user/logout': { data: null };
  'GET /answer/api/v1/user/claim': { query: { code: string }; data: ClaimInfo };
  'POST /answer/api/v1/user/claim': { body: { code: string; e_mail: string; pass: string }; data: LoginResp };

  // user: the signed-in user and their settings
  'GET /answer/api/v1/user/info': { data: CurrentUserInfo | null };
  'GET /answer/api/v1/user/action/record': { query: { action: string; captcha_kind?: string }; data: CaptchaRecord };
  'GET /answer/api/v1/user/info/search': { query: { username: string }; data: UserBrief[] | null };
  'PUT /answer/api/v1/user/info': { data: null };
  'PUT /answer/api/v1/user/password': { data: null };
  'PUT /answer/api/v1/user/interface': { data: null };
  'GET /answer/api/v1/user/notification/config': { data: NotificationConfig };
  'PUT /answer/api/v1/user/notification/config': { body: NotificationConfig; data: null };
  'GET /answer/api/v1/user/plugin/configs': { data: UserPluginItem[] | null };
  'GET /answer/api/v1/user/plugin/config': { query: { plugin_slug_name: string }; data: PluginConfigForm };
  'PUT /answer/api/v1/user/plugin/config': { data: null };
  'GET /answer/api/v1/user-center/agent': { data: unknown };

  // vote
  'POST /answer/api/v1/vote/up': { body: { object_id: string; is_cancel: boolean }; data: VoteResult };
  'POST /answer/api/v1/vote/down': { body: { object_id: string; is_cancel: boolean }; data: VoteResult };

  // webhooks
  'GET /answer/admin/api/webhooks': { data: WebhookInfo[] };
  'POST /answer/admin/api/webhooks': { data: WebhookWithSecret };
  'PUT /answer/admin/api/webhooks/:id': { data: WebhookInfo | WebhookWithSecret };
  'DELETE /answer/admin/api/webhooks/:id': { data: null };
  'GET /answer/admin/api/webhooks/:id/deliveries': { query: Paging; data: { count: number; list: WebhookDeliveryInfo[] } };
  'POST /answer/admin/api/webhooks/:id/ping': { data: WebhookDeliveryInfo };
  'POST /answer/admin/api/webhooks/deliveries/:id/resend': { data: WebhookDeliveryInfo };
}

export type EndpointKey = keyof Endpoints;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The paths declared for a method (with `:name` parameters). */
export type DeclaredPath<M extends HttpMethod> = { [K in EndpointKey]: K extends `${M} ${infer P}` ? P : never }[EndpointKey];

/** A declared path with each `:name` parameter widened to any string: what a caller's filled-in path must match. */
export type FilledPath<P extends string> = P extends `${infer A}:${string}/${infer R}`
  ? `${A}${string}/${FilledPath<R>}`
  : P extends `${infer A}:${string}`
    ? `${A}${string}`
    : P;

/** Every path a client may call with a method. */
export type CallablePath<M extends HttpMethod> = { [K in EndpointKey]: K extends `${M} ${infer P}` ? FilledPath<P> : never }[EndpointKey];

/** The endpoint key(s) a filled-in path of a method matches. */
export type KeyOf<M extends HttpMethod, P extends string> = {
  [K in EndpointKey]: K extends `${M} ${infer D}` ? (P extends FilledPath<D> ? K : never) : never;
}[EndpointKey];

/** What an endpoint's envelope carries as data. */
export type DataOf<K extends EndpointKey> = Endpoints[K]['data'];
/** The query an endpoint reads (an open record where the map names none). */
export type QueryOf<K extends EndpointKey> = Endpoints[K] extends { query: infer Q } ? Q : Record<string, string | number | undefined>;
/** The body an endpoint reads (anything where the map names none). */
export type BodyOf<K extends EndpointKey> = Endpoints[K] extends { body: infer B } ? B : unknown;
