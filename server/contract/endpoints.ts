/**
 * The endpoint map: every JSON route of the API, keyed by "METHOD /full/path" as Express declares it
 * (path parameters as `:name`), with the shape of its `data` and, where the client sends them, of its
 * query and body. The server's routers (server/http/typed-router.ts) type each handler's responder by
 * its key, and the renderer's client (src-renderer/api/client.ts) infers what a call returns from the
 * path it calls: one pairing of path and type for both sides. Types only.
 */
import type { z } from 'zod';
import type { LanguageOption } from './languages.js';
import type * as adminContentReq from './requests/admin-content.js';
import type * as adminUserReq from './requests/admin-user.js';
import type * as answerReq from './requests/answer.js';
import type * as apiKeyReq from './requests/api-key.js';
import type * as backupReq from './requests/backup.js';
import type * as badgeReq from './requests/badge.js';
import type * as claimReq from './requests/claim.js';
import type * as collectionReq from './requests/collection.js';
import type * as commentReq from './requests/comment.js';
import type * as connectorReq from './requests/connector.js';
import type * as followReq from './requests/follow.js';
import type * as installReq from './requests/install.js';
import type * as lanReq from './requests/lan.js';
import type * as mcpReq from './requests/mcp.js';
import type * as metaReq from './requests/meta.js';
import type * as notificationReq from './requests/notification.js';
import type * as permissionReq from './requests/permission.js';
import type * as personalReq from './requests/personal.js';
import type * as pluginReq from './requests/plugin.js';
import type * as questionReq from './requests/question.js';
import type * as questionRelatedReq from './requests/question-related.js';
import type * as reasonReq from './requests/reason.js';
import type * as renderReq from './requests/render.js';
import type * as reportReq from './requests/report.js';
import type * as reviewReq from './requests/review.js';
import type * as revisionReq from './requests/revision.js';
import type * as searchReq from './requests/search.js';
import type * as siteinfoReq from './requests/siteinfo.js';
import type * as tagReq from './requests/tag.js';
import type * as timelineReq from './requests/timeline.js';
import type * as userReq from './requests/user.js';
import type * as userCenterReq from './requests/user-center.js';
import type * as userDirectoryReq from './requests/user-directory.js';
import type * as voteReq from './requests/vote.js';
import type * as webhookReq from './requests/webhook.js';
import type { ExportScheduleBody } from './requests/export-schedule.js';
import type { ExportScheduleOverview } from './api/export-schedule.js';
import type { Locale } from './locales/index.js';
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

/**
 * What a client sends for a request schema of server/contract/requests (the one the route's
 * validate() checks): the schema's input, before its defaults and transforms. A field whose input
 * takes undefined (coerced and preprocessed fields take anything) may be left out: the object
 * schema reads a missing field as undefined.
 */
type In<S extends z.ZodType> = Optional<z.input<S>>;
type Optional<T> = T extends object
  ? Flat<{ [K in keyof T as undefined extends T[K] ? K : never]?: T[K] } & { [K in keyof T as undefined extends T[K] ? never : K]: T[K] }>
  : T;
type Flat<T> = { [K in keyof T]: T[K] };

/**
 * Every JSON endpoint the renderer calls (and more of the server's), by "METHOD path". The server's
 * routers check each handler's ok() against `data`; the renderer's client returns `data`'s type.
 */
export interface Endpoints {
  // activity
  'GET /answer/api/v1/activity/timeline': { query: In<typeof timelineReq.timelineQuery>; data: Timeline };
  'GET /answer/api/v1/activity/timeline/detail': { query: In<typeof timelineReq.timelineDetailQuery>; data: TimelineDetail };

  // admin: content, users, roles, dashboard, plugins, LAN, import, MCP
  'GET /answer/admin/api/question/page': { query: In<typeof adminContentReq.adminQuestionPageQuery>; data: Page<AdminQuestion> };
  'GET /answer/admin/api/answer/page': { query: In<typeof adminContentReq.adminAnswerPageQuery>; data: Page<AdminAnswer> };
  'PUT /answer/admin/api/question/status': { body: In<typeof adminContentReq.adminQuestionStatusSchema>; data: null };
  'PUT /answer/admin/api/answer/status': { body: In<typeof adminContentReq.adminAnswerStatusSchema>; data: null };
  'GET /answer/admin/api/users/page': { query: In<typeof adminUserReq.userPageQuery>; data: Page<AdminUser> };
  'GET /answer/admin/api/roles': { data: AdminRole[] };
  'GET /answer/admin/api/user/activation': { query: In<typeof adminUserReq.userIdQuery>; data: { activation_url: string } };
  'POST /answer/admin/api/user/activation': { body: In<typeof adminUserReq.userIdBody>; data: null };
  'POST /answer/admin/api/users/activation': { body: In<typeof adminUserReq.userIdBody>; data: null };
  'PUT /answer/admin/api/user/status': { body: In<typeof adminUserReq.updateStatusSchema>; data: null };
  'PUT /answer/admin/api/user/role': { body: In<typeof adminUserReq.updateRoleSchema>; data: null };
  'PUT /answer/admin/api/user/password': { body: In<typeof adminUserReq.updatePasswordSchema>; data: null };
  'PUT /answer/admin/api/user/profile': { body: In<typeof adminUserReq.editProfileSchema>; data: null };
  'POST /answer/admin/api/users': { body: In<typeof adminUserReq.addUsersSchema>; data: null };
  'POST /answer/admin/api/user': { body: In<typeof adminUserReq.addUserSchema>; data: null };
  'DELETE /answer/admin/api/delete/permanently': { body: In<typeof adminUserReq.deletePermanentlySchema>; data: null };
  'GET /answer/admin/api/reasons': { query: In<typeof reasonReq.reasonsQuery>; data: ReasonItem[] | null };
  'POST /answer/admin/api/user/claim': { body: In<typeof claimReq.claimLinkSchema>; data: ClaimLink };
  'GET /answer/admin/api/dashboard': { data: { info: DashboardInfo } };
  'GET /answer/admin/api/dashboard/activity': { data: DashboardActivity };
  'GET /answer/admin/api/plugins': { query: In<typeof pluginReq.pluginListQuery>; data: AdminPlugin[] };
  'PUT /answer/admin/api/plugin/status': { body: In<typeof pluginReq.pluginStatusSchema>; data: null };
  'GET /answer/admin/api/plugin/config': { query: In<typeof pluginReq.pluginSlugQuery>; data: PluginConfigForm };
  'PUT /answer/admin/api/plugin/config': { body: In<typeof pluginReq.pluginConfigSchema>; data: null };
  'GET /answer/admin/api/lan': { data: LanStatus };
  'PUT /answer/admin/api/lan': { body: In<typeof lanReq.lanSwitchSchema>; data: { restarting: boolean } };
  'POST /answer/admin/api/lan/site-url': { data: { site_url: string } };
  'GET /answer/admin/api/import/stackexchange': { data: ImportJobStatus };
  'POST /answer/admin/api/import/stackexchange': { body: FormData; data: ImportJobStatus };
  'GET /answer/admin/api/mcp-config': { data: McpConfig };
  'PUT /answer/admin/api/mcp-config': { body: In<typeof mcpReq.mcpConfigBody>; data: null };
  'GET /answer/admin/api/user-center/agent': {
    data: {
      allow_create_user: boolean;
      allow_update_user_status: boolean;
      allow_update_user_password: boolean;
      allow_update_user_role: boolean;
    };
  };

  // admin settings: one pair per group
  'GET /answer/admin/api/siteinfo/general': { data: AdminSettingGroups['general'] };
  'PUT /answer/admin/api/siteinfo/general': { body: In<typeof siteinfoReq.generalSchema>; data: unknown };
  'GET /answer/admin/api/siteinfo/interface': { data: AdminSettingGroups['interface'] };
  'PUT /answer/admin/api/siteinfo/interface': { body: In<typeof siteinfoReq.interfaceSchema>; data: unknown };
  'GET /answer/admin/api/siteinfo/branding': { data: AdminSettingGroups['branding'] };
  'PUT /answer/admin/api/siteinfo/branding': { body: In<typeof siteinfoReq.brandingSchema>; data: unknown };
  'GET /answer/admin/api/siteinfo/write': { data: AdminSettingGroups['write'] };
  'PUT /answer/admin/api/siteinfo/write': { body: In<typeof siteinfoReq.writeSchema>; data: unknown };
  'GET /answer/admin/api/siteinfo/legal': { data: AdminSettingGroups['legal'] };
  'PUT /answer/admin/api/siteinfo/legal': { body: In<typeof siteinfoReq.legalSchema>; data: unknown };
  'GET /answer/admin/api/siteinfo/seo': { data: AdminSettingGroups['seo'] };
  'PUT /answer/admin/api/siteinfo/seo': { body: In<typeof siteinfoReq.seoSchema>; data: unknown };
  'GET /answer/admin/api/siteinfo/login': { data: AdminSettingGroups['login'] };
  'PUT /answer/admin/api/siteinfo/login': { body: In<typeof siteinfoReq.loginSchema>; data: unknown };
  'GET /answer/admin/api/siteinfo/custom-css-html': { data: AdminSettingGroups['custom-css-html'] };
  'PUT /answer/admin/api/siteinfo/custom-css-html': { body: In<typeof siteinfoReq.cssHtmlSchema>; data: unknown };
  'GET /answer/admin/api/siteinfo/theme': { data: AdminSettingGroups['theme'] };
  'PUT /answer/admin/api/siteinfo/theme': { body: In<typeof siteinfoReq.themeSchema>; data: unknown };
  'GET /answer/admin/api/siteinfo/users': { data: AdminSettingGroups['users'] };
  'PUT /answer/admin/api/siteinfo/users': { body: In<typeof siteinfoReq.usersSchema>; data: unknown };
  'GET /answer/admin/api/setting/smtp': { data: SmtpSettings };
  'PUT /answer/admin/api/setting/smtp': { body: In<typeof siteinfoReq.smtpSchema>; data: null };
  'GET /answer/admin/api/setting/privileges': { data: PrivilegeOptions };
  'PUT /answer/admin/api/setting/privileges': { body: In<typeof siteinfoReq.privilegesSchema>; data: null };
  'GET /answer/admin/api/language/options': { data: LanguageOption[] };
  'GET /answer/admin/api/theme/options': { data: { label: string; value: string }[] };

  // answer
  'GET /answer/api/v1/answer/page': { query: In<typeof answerReq.answerPageQuery>; data: Page<AnswerInfo> };
  'GET /answer/api/v1/answer/info': { query: In<typeof answerReq.answerIdQuery>; data: AnswerWithQuestion };
  'POST /answer/api/v1/answer': { body: In<typeof answerReq.addAnswerSchema>; data: { info: AnswerInfo } };
  'PUT /answer/api/v1/answer': { body: In<typeof answerReq.updateAnswerSchema>; data: EditResult };
  'DELETE /answer/api/v1/answer': { body: In<typeof answerReq.removeAnswerSchema>; data: null };
  'POST /answer/api/v1/answer/recover': { body: In<typeof answerReq.recoverAnswerSchema>; data: null };
  'POST /answer/api/v1/answer/acceptance': { body: In<typeof answerReq.acceptSchema>; data: null };

  // API keys (admin's and personal)
  'GET /answer/admin/api/api-key/all': { data: ApiKeyInfo[] };
  'POST /answer/admin/api/api-key': { body: In<typeof apiKeyReq.addApiKeyBody>; data: ApiKeyCreated };
  'PUT /answer/admin/api/api-key': { body: In<typeof apiKeyReq.updateApiKeyBody>; data: null };
  'DELETE /answer/admin/api/api-key': { body: In<typeof apiKeyReq.deleteApiKeyBody>; data: null };
  'GET /answer/api/v1/personal/api-key/all': { data: ApiKeyInfo[] };
  'POST /answer/api/v1/personal/api-key': { body: In<typeof apiKeyReq.addApiKeyBody>; data: ApiKeyCreated };
  'PUT /answer/api/v1/personal/api-key': { body: In<typeof apiKeyReq.updateApiKeyBody>; data: null };
  'DELETE /answer/api/v1/personal/api-key': { body: In<typeof apiKeyReq.deleteApiKeyBody>; data: null };

  // backups
  'GET /answer/admin/api/backups': { data: BackupOverview };
  'POST /answer/admin/api/backups': { data: { job: BackupJob } };
  'GET /answer/admin/api/backups/job': { data: BackupJob | null };
  'GET /answer/admin/api/backups/schedule': { data: BackupSchedule };
  'PUT /answer/admin/api/backups/schedule': { body: In<typeof backupReq.scheduleSchema>; data: BackupSchedule };
  'POST /answer/admin/api/backups/:name/restore': { data: { job: BackupJob } };
  'DELETE /answer/admin/api/backups/:name': { data: null };
  'POST /answer/admin/api/backups/restore': { body: FormData; data: { job: BackupJob } };

  // badge
  'GET /answer/api/v1/badges': { data: BadgeGroup[] | null };
  'GET /answer/api/v1/badge': { query: In<typeof badgeReq.badgeIdQuery>; data: BadgeInfo };
  'GET /answer/api/v1/badge/awards/page': { query: In<typeof badgeReq.awardPageQuery>; data: Page<BadgeAward> };
  'GET /answer/api/v1/badge/user/awards': { query: In<typeof badgeReq.userAwardsQuery>; data: Page<UserBadge> };
  'GET /answer/api/v1/badge/user/awards/recent': { query: In<typeof badgeReq.userAwardsQuery>; data: Page<UserBadge> };
  'GET /answer/admin/api/badges': { query: In<typeof badgeReq.adminBadgePageQuery>; data: Page<AdminBadge> };
  'PUT /answer/admin/api/badge/status': { body: In<typeof badgeReq.badgeStatusSchema>; data: null };

  // collection, follow
  'POST /answer/api/v1/collection/switch': {
    body: In<typeof collectionReq.collectionSwitchSchema>;
    data: { object_collection_count: number };
  };
  'POST /answer/api/v1/follow': { body: In<typeof followReq.followSchema>; data: { follows: number; is_followed: boolean } };
  'PUT /answer/api/v1/follow/tags': { body: In<typeof followReq.followTagsSchema>; data: null };

  // exports (schedule and run; the files themselves are downloads, below)
  'GET /answer/admin/api/exports/schedule': { data: ExportScheduleOverview };
  'PUT /answer/admin/api/exports/schedule': { body: ExportScheduleBody; data: ExportScheduleOverview };
  'POST /answer/admin/api/exports/run': { data: ExportScheduleOverview };

  // comment
  'GET /answer/api/v1/comment/page': { query: In<typeof commentReq.commentPageQuery>; data: Page<CommentInfo> };
  'GET /answer/api/v1/comment': { query: In<typeof commentReq.commentIdQuery>; data: CommentInfo };
  'POST /answer/api/v1/comment': { body: In<typeof commentReq.addCommentSchema>; data: CommentInfo };
  'PUT /answer/api/v1/comment': { body: In<typeof commentReq.updateCommentSchema>; data: UpdatedComment };
  'DELETE /answer/api/v1/comment': { body: In<typeof commentReq.removeCommentSchema>; data: null };

  // connector
  'GET /answer/api/v1/connector/info': { data: ConnectorInfo[] };
  'GET /answer/api/v1/connector/user/info': { data: UserConnector[] | null };
  'DELETE /answer/api/v1/connector/user/unbinding': { body: In<typeof connectorReq.unbindingSchema>; data: null };
  'POST /answer/api/v1/connector/binding/email': { body: In<typeof connectorReq.bindingEmailSchema>; data: BindingEmailResp };

  // file, post
  'POST /answer/api/v1/file': { body: FormData; data: string };
  'POST /answer/api/v1/post/render': { body: In<typeof renderReq.renderSchema>; data: string };

  // installation
  'GET /installation/language/options': { data: LanguageOption[] };
  'POST /installation/config-file/check': {
    data: { config_file_exist: boolean; db_connection_success: boolean; db_table_exist: boolean; setup_code_required?: boolean };
  };
  'POST /installation/setup-code/check': { body: In<typeof installReq.setupCodeSchema>; data: null };
  'GET /installation/language/config': { query: In<typeof installReq.langQuerySchema>; data: Locale | null };
  'POST /installation/db/check': { body: In<typeof installReq.checkDatabaseSchema>; data: { connection_success: boolean } };
  'POST /installation/init': { body: In<typeof installReq.checkDatabaseSchema>; data: null };
  'POST /installation/base-info': { body: In<typeof installReq.baseInfoSchema>; data: null };

  // language
  'GET /answer/api/v1/language/options': { data: (Omit<LanguageOption, 'progress'> & { progress?: number })[] };
  'GET /answer/api/v1/language/config': { data: Locale | null };

  // meta
  'GET /answer/api/v1/meta/reaction': { query: In<typeof metaReq.reactionQuery>; data: ReactionSummary };
  'PUT /answer/api/v1/meta/reaction': { body: In<typeof metaReq.updateReactionSchema>; data: ReactionSummary };

  // notification
  'GET /answer/api/v1/notification/status': { data: RedDot };
  'PUT /answer/api/v1/notification/status': { body: In<typeof notificationReq.notificationTypeSchema>; data: RedDot };
  'GET /answer/api/v1/notification/page': { query: In<typeof notificationReq.notificationPageQuery>; data: Page<NotificationItem> };
  'PUT /answer/api/v1/notification/read/state': { body: In<typeof notificationReq.notificationIdSchema>; data: Record<string, never> };
  'PUT /answer/api/v1/notification/read/state/all': {
    body: In<typeof notificationReq.notificationTypeSchema>;
    data: Record<string, never>;
  };

  // personal
  'GET /answer/api/v1/personal/user/info': { query: In<typeof userDirectoryReq.usernameQuery>; data: ProfileInfo };
  'GET /answer/api/v1/personal/qa/top': { query: In<typeof personalReq.topQuery>; data: TopPosts };
  'GET /answer/api/v1/personal/question/page': { query: In<typeof personalReq.personalPageQuery>; data: Page<UserQuestion> };
  'GET /answer/api/v1/personal/answer/page': { query: In<typeof personalReq.personalPageQuery>; data: Page<UserAnswer> };
  'GET /answer/api/v1/personal/comment/page': { query: In<typeof commentReq.personalCommentPageQuery>; data: Page<PersonalComment> };
  'GET /answer/api/v1/personal/collection/page': { query: In<typeof collectionReq.collectionPageQuery>; data: Page<QuestionDetail> };
  'GET /answer/api/v1/personal/rank/page': { query: In<typeof personalReq.rankPageQuery>; data: Page<RankItem> };
  'GET /answer/api/v1/personal/vote/page': { query: In<typeof personalReq.votePageQuery>; data: Page<VoteItem> };

  // question
  'GET /answer/api/v1/question/page': { query: In<typeof questionReq.questionPageQuery>; data: Page<QuestionItem> };
  'GET /answer/api/v1/question/recommend/page': { query: In<typeof questionRelatedReq.recommendQuery>; data: Page<QuestionItem> };
  'GET /answer/api/v1/question/info': { query: In<typeof questionReq.questionIdQuery>; data: QuestionDetail };
  'GET /answer/api/v1/question/similar': { query: In<typeof questionRelatedReq.similarTitleQuery>; data: SimilarQuestion[] | null };
  'GET /answer/api/v1/question/similar/tag': { query: In<typeof questionRelatedReq.similarTagQuery>; data: Page<QuestionItem> };
  'GET /answer/api/v1/question/link': { query: In<typeof questionRelatedReq.linkQuery>; data: Page<QuestionItem> };
  'GET /answer/api/v1/question/tags': { query: In<typeof tagReq.tagSearchQuery>; data: TagBasic[] | null };
  'GET /answer/api/v1/question/invite': { query: In<typeof questionRelatedReq.inviteQuery>; data: UserBrief[] | null };
  'PUT /answer/api/v1/question/invite': { body: In<typeof questionRelatedReq.updateInviteSchema>; data: null };
  'POST /answer/api/v1/question': { body: In<typeof questionReq.addQuestionSchema>; data: QuestionDetail };
  'POST /answer/api/v1/question/answer': { body: In<typeof questionReq.addQuestionByAnswerSchema>; data: AnswerWithQuestion };
  'PUT /answer/api/v1/question': { body: In<typeof questionReq.updateQuestionSchema>; data: EditResult };
  'DELETE /answer/api/v1/question': { body: In<typeof questionReq.removeQuestionSchema>; data: null };
  'PUT /answer/api/v1/question/status': { body: In<typeof questionReq.closeQuestionSchema>; data: null };
  'PUT /answer/api/v1/question/reopen': { body: In<typeof questionReq.reopenQuestionSchema>; data: null };
  'PUT /answer/api/v1/question/operation': { body: In<typeof questionReq.operationQuestionSchema>; data: null };
  'POST /answer/api/v1/question/recover': { body: In<typeof questionReq.recoverQuestionSchema>; data: null };
  'GET /answer/api/v1/permission': { query: In<typeof permissionReq.permissionQuerySchema>; data: Permissions };

  // ranking
  'GET /answer/api/v1/user/ranking': { data: UserRanking };
  'GET /answer/api/v1/user/staff': { query: In<typeof userDirectoryReq.staffQuery>; data: StaffUser[] | null };

  // reasons, reports, review
  'GET /answer/api/v1/reasons': { query: In<typeof reasonReq.reasonsQuery>; data: ReasonItem[] | null };
  'POST /answer/api/v1/report': { body: In<typeof reportReq.addReportSchema>; data: null };
  'GET /answer/api/v1/reviewing/type': { data: ReviewingType[] | null };
  'GET /answer/api/v1/review/pending/post/page': { query: In<typeof reviewReq.pendingPostPageQuery>; data: Page<QueuedPost> };
  'PUT /answer/api/v1/review/pending/post': { body: In<typeof reviewReq.updateReviewSchema>; data: null };
  'GET /answer/api/v1/report/unreviewed/post': { query: In<typeof reportReq.unreviewedReportQuery>; data: Page<FlaggedPost> };
  'PUT /answer/api/v1/report/review': { body: In<typeof reportReq.reviewReportSchema>; data: null };

  // revisions
  'GET /answer/api/v1/revisions': { query: In<typeof revisionReq.revisionListQuery>; data: Revision[] | null };
  'GET /answer/api/v1/revisions/edit/check': { query: In<typeof revisionReq.editCheckQuery>; data: null };
  'GET /answer/api/v1/revisions/unreviewed': { query: In<typeof revisionReq.unreviewedQuery>; data: Page<SuggestedEdit> };
  'PUT /answer/api/v1/revisions/audit': { body: In<typeof revisionReq.auditSchema>; data: Record<string, never> };

  // search
  'GET /answer/api/v1/search': { query: In<typeof searchReq.searchQuery>; data: Page<SearchResult> };
  'GET /answer/api/v1/search/desc': { data: { name: string; icon: string; link: string } };

  // site
  'GET /answer/api/v1/siteinfo': { data: SiteInfo };
  'GET /answer/api/v1/siteinfo/legal': { query: In<typeof siteinfoReq.legalQuerySchema>; data: Record<string, string> };

  // tag
  'GET /answer/api/v1/tag': { query: In<typeof tagReq.tagInfoQuery>; data: TagDetail };
  'POST /answer/api/v1/tag': { body: In<typeof tagReq.addTagSchema>; data: { slug_name: string } };
  'PUT /answer/api/v1/tag': { body: In<typeof tagReq.updateTagSchema>; data: { wait_for_review: boolean } | null };
  'DELETE /answer/api/v1/tag': { body: In<typeof tagReq.tagIdBody>; data: null };
  'POST /answer/api/v1/tag/recover': { body: In<typeof tagReq.tagIdBody>; data: null };
  'POST /answer/api/v1/tag/merge': { body: In<typeof tagReq.mergeTagSchema>; data: null };
  'GET /answer/api/v1/tags/page': { query: In<typeof tagReq.tagPageQuery>; data: Page<TagItem> };
  'GET /answer/api/v1/tags': { query: In<typeof tagReq.tagsBySlugQuery>; data: TagBasic[] };
  'GET /answer/api/v1/tags/following': { data: FollowingTag[] };
  'GET /answer/api/v1/tag/synonyms': { query: In<typeof tagReq.synonymsQuery>; data: TagSynonyms };
  'PUT /answer/api/v1/tag/synonym': { body: In<typeof tagReq.updateSynonymSchema>; data: null };

  // user: accounts
  'POST /answer/api/v1/user/login/email': { body: In<typeof userReq.loginSchema>; data: LoginResp };
  'POST /answer/api/v1/user/register/email': { body: In<typeof userReq.registerSchema>; data: LoginResp };
  'POST /answer/api/v1/user/email/verification': { body: In<typeof userReq.codeSchema>; data: LoginResp };
  'POST /answer/api/v1/user/email/verification/send': { body: In<typeof userReq.captchaOnlySchema>; data: null };
  'POST /answer/api/v1/user/password/reset': { body: In<typeof userReq.resetRequestSchema>; data: null };
  'POST /answer/api/v1/user/password/replacement': { body: In<typeof userReq.replacePasswordSchema>; data: null };
  'POST /answer/api/v1/user/email/change/code': { body: In<typeof userReq.changeEmailSchema>; data: null };
  'PUT /answer/api/v1/user/email': { body: In<typeof userReq.codeSchema>; data: LoginResp };
  'PUT /answer/api/v1/user/notification/unsubscribe': { body: In<typeof userReq.codeSchema>; data: null };
  'GET /answer/api/v1/user/logout': { data: null };
  'GET /answer/api/v1/user/claim': { query: In<typeof claimReq.claimCodeQuery>; data: ClaimInfo };
  'POST /answer/api/v1/user/claim': { body: In<typeof claimReq.claimSchema>; data: LoginResp };

  // user: the signed-in user and their settings
  'GET /answer/api/v1/user/info': { data: CurrentUserInfo | null };
  'GET /answer/api/v1/user/action/record': { query: In<typeof userReq.actionRecordSchema>; data: CaptchaRecord };
  'GET /answer/api/v1/user/info/search': { query: In<typeof userDirectoryReq.usernameQuery>; data: UserBrief[] | null };
  'PUT /answer/api/v1/user/info': { body: In<typeof userReq.updateInfoSchema>; data: null };
  'PUT /answer/api/v1/user/password': { body: In<typeof userReq.modifyPasswordSchema>; data: null };
  'PUT /answer/api/v1/user/interface': { body: In<typeof userReq.interfaceSchema>; data: null };
  'GET /answer/api/v1/user/notification/config': { data: NotificationConfig };
  'PUT /answer/api/v1/user/notification/config': { body: In<typeof userReq.notificationConfigSchema>; data: null };
  'GET /answer/api/v1/user/plugin/configs': { data: UserPluginItem[] | null };
  'GET /answer/api/v1/user/plugin/config': { query: In<typeof pluginReq.pluginSlugQuery>; data: PluginConfigForm };
  'PUT /answer/api/v1/user/plugin/config': { body: In<typeof pluginReq.pluginConfigSchema>; data: null };

  // plugins: what the public pages read
  'GET /answer/api/v1/plugin/status': { data: { slug_name: string; enabled: boolean }[] };
  'GET /answer/api/v1/captcha/config': { data: { slug_name: string; config: unknown } };
  'GET /answer/api/v1/embed/config': { data: { platform: string; enable: boolean }[] };
  'GET /answer/api/v1/render/config': { data: unknown };
  'GET /answer/api/v1/user-center/agent': { data: { enabled: boolean; agent_info: null } };
  'GET /answer/api/v1/user-center/personal/branding': {
    query: In<typeof userCenterReq.brandingQuery>;
    data: { enabled: boolean; personal_branding: unknown[] };
  };
  'GET /answer/api/v1/user-center/user/settings': {
    data: {
      profile_setting_agent: { enabled: boolean; redirect_url: string };
      account_setting_agent: { enabled: boolean; redirect_url: string };
    };
  };

  // vote
  'POST /answer/api/v1/vote/up': { body: In<typeof voteReq.voteSchema>; data: VoteResult };
  'POST /answer/api/v1/vote/down': { body: In<typeof voteReq.voteSchema>; data: VoteResult };

  // webhooks
  'GET /answer/admin/api/webhooks': { data: WebhookInfo[] };
  'POST /answer/admin/api/webhooks': { body: In<typeof webhookReq.createHookSchema>; data: WebhookWithSecret };
  'PUT /answer/admin/api/webhooks/:id': { body: In<typeof webhookReq.updateHookSchema>; data: WebhookInfo | WebhookWithSecret };
  'DELETE /answer/admin/api/webhooks/:id': { data: null };
  'GET /answer/admin/api/webhooks/:id/deliveries': {
    query: In<typeof webhookReq.deliveriesQuery>;
    data: { count: number; list: WebhookDeliveryInfo[] };
  };
  'POST /answer/admin/api/webhooks/:id/ping': { data: WebhookDeliveryInfo };
  'POST /answer/admin/api/webhooks/deliveries/:id/resend': { data: WebhookDeliveryInfo };
}

/*
 * Routes outside the map, and why (none answers a JSON envelope the client could type):
 * - files and streams: GET admin backups/:name/download (the archive), exports/html.zip and
 *   export/stackexchange (zips written as they are read), GET /uploads/*path, /custom.css,
 *   /robots.txt, /sitemap.xml, /sitemap/:file, /swagger, /swagger/index.html,
 *   /swagger/lantern-init.js, /swagger/:file;
 * - GET openapi.json: the OpenAPI document itself, not an envelope;
 * - MCP (GET mcp/sse, POST mcp/message, GET/POST/DELETE mcp): JSON-RPC over SSE and streamable
 *   HTTP, answered in the protocol's messages;
 * - redirects: GET connector/login/:name, connector/redirect/:name, user-center/login/redirect,
 *   user-center/sign-up/redirect, user-center/login/callback, user-center/sign-up/callback;
 * - plugin/route/:slug/*path (api and admin, any method): a plugin's own routes, shaped by it.
 */

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
