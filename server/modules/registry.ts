import type { ModuleRegistrar } from './index.js';
import { registerInstall } from './install/install.routes.js';
import { registerLanguage } from './language/language.routes.js';
import { registerPermission } from './permission/permission.routes.js';
import { registerRole } from './role/role.routes.js';
import { registerUser } from './user/user.routes.js';
import { registerQuestion } from './question/question.routes.js';
import { registerAnswer } from './answer/answer.routes.js';
import { registerVote } from './vote/vote.routes.js';
import { registerRender } from './render/render.routes.js';
import { registerUserDirectory } from './user/user-directory.routes.js';
import { registerPlugin } from './plugin/plugin.routes.js';
import { registerAdminSiteinfo } from './siteinfo/admin-siteinfo.routes.js';
import { registerSiteinfo } from './siteinfo/siteinfo.routes.js';
import { registerSettings } from './siteinfo/smtp.routes.js';
import { registerComment } from './comment/comment.routes.js';
import { registerMeta } from './meta/meta.routes.js';
import { registerTag } from './tag/tag.routes.js';
import { registerFollow } from './follow/follow.routes.js';
import { registerCollection } from './collection/collection.routes.js';
import { registerRevision } from './revision/revision.routes.js';
import { registerTimeline } from './activity/timeline.routes.js';
import { registerReason } from './reason/reason.routes.js';
import { registerQuestionRelated } from './question/question-related.routes.js';
import { registerPersonal } from './personal/personal.routes.js';
import { registerSearch } from './search/search.routes.js';
import { registerUpload } from './upload/upload.routes.js';
import { registerLan } from './lan/lan.routes.js';
import { registerMcp } from './mcp/mcp.routes.js';
import { registerAdminUser } from './admin-user/admin-user.routes.js';
import { registerDashboard } from './dashboard/dashboard.routes.js';
import { registerConnector } from './connector/connector.routes.js';
import { registerUserCenter } from './user-center/user-center.routes.js';
import { registerNotification } from './notification/notification.routes.js';
import { registerBadge } from './badge/badge.routes.js';
import { registerReport } from './report/report.routes.js';
import { registerReview } from './review/review.routes.js';
import { registerAdminContent } from './admin-content/admin-content.routes.js';
import { registerBackup } from './backup/backup.routes.js';
import { registerImport } from './import/import.routes.js';
import { registerSeo } from './seo/seo.routes.js';
import { registerWebhook } from './webhook/webhook.routes.js';
import { registerAdminApiKey, registerPersonalApiKey } from './api-key/api-key.routes.js';
import { registerExportSchedule } from './export/schedule.routes.js';
import { registerSeExport } from './export/se-export.routes.js';
import { registerHtmlExport } from './export/html-export.routes.js';

/**
 * Every module's routes, in mounting order (one line each); backups first: its maintenance answer goes
 * before every route. Background jobs are not started here but listed in jobs.ts.
 */
export const MODULES: ModuleRegistrar[] = [
  registerBackup,
  registerInstall,
  registerLanguage,
  registerUser,
  registerRole,
  registerPermission,
  registerUserDirectory,
  registerSiteinfo,
  registerAdminSiteinfo,
  registerSettings,
  registerPlugin,
  registerRender,
  registerQuestion,
  registerAnswer,
  registerVote,
  registerComment,
  registerMeta,
  registerTag,
  registerFollow,
  registerCollection,
  registerRevision,
  registerTimeline,
  registerReason,
  registerQuestionRelated,
  registerPersonal,
  registerSearch,
  registerUpload,
  registerLan,
  registerMcp,
  registerAdminUser,
  registerDashboard,
  registerConnector,
  registerUserCenter,
  registerNotification,
  registerBadge,
  registerReport,
  registerReview,
  registerAdminContent,
  registerImport,
  registerSeo,
  registerAdminApiKey,
  registerPersonalApiKey,
  registerWebhook,
  registerExportSchedule,
  registerSeExport,
  registerHtmlExport,
];
