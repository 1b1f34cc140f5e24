import type { LanguageCode } from '../languages.js';
import { accounts_en_US, accounts_zh_CN } from './accounts.js';
import { site_en_US, site_zh_CN } from './site.js';
import { content_en_US, content_zh_CN } from './content.js';
import { comment_en_US, comment_zh_CN } from './comment.js';
import { tag_en_US, tag_zh_CN } from './tag.js';
import { revision_en_US, revision_zh_CN } from './revision.js';
import { related_en_US, related_zh_CN } from './related.js';
import { search_en_US, search_zh_CN } from './search.js';
import { mcp_en_US, mcp_zh_CN } from './mcp.js';
import { admin_en_US, admin_zh_CN } from './admin.js';
import { notification_en_US, notification_zh_CN } from './notification.js';
import { badge_en_US, badge_zh_CN } from './badge.js';
import { moderation_en_US, moderation_zh_CN } from './moderation.js';
import { import_en_US, import_zh_CN } from './import.js';
import { backup_en_US, backup_zh_CN } from './backup.js';
import { base_zh_CN } from './base-zh.js';
import { claims_en_US, claims_zh_CN } from './claims.js';
import { apiKey_en_US, apiKey_zh_CN } from './api-key.js';
import { webhook_en_US, webhook_zh_CN } from './webhook.js';
import { exportSchedule_en_US, exportSchedule_zh_CN } from './export-schedule.js';
import { exportSe_en_US, exportSe_zh_CN } from './export-se.js';
import { exportHtml_en_US, exportHtml_zh_CN } from './export-html.js';

/**
 * Server messages by key: the `reason` keys of Answer's envelope plus the validation texts.
 * Values may hold {{name}} placeholders. en_US is complete; other languages fall back to it.
 */
const base_en_US = {
  'base.success': 'Success.',
  'base.unknown': 'Unknown error.',
  'base.request_format_error': 'Request format is not valid.',
  'base.unauthorized_error': 'Unauthorized.',
  'base.database_error': 'Data server error.',
  'base.forbidden_error': 'Forbidden.',
  'base.duplicate_request_error': 'Duplicate submission.',
  'base.not_found': 'Not found.',
  'base.too_many_requests': 'Too many requests, please try again later.',
  'base.payload_too_large': 'The request is too large.',
  'error.object.email_or_password_incorrect': 'Email and password do not match.',
  'error.object.captcha_verification_failed': 'Captcha wrong.',
  'error.object.not_found': 'Object not found.',
  'error.object.old_password_verification_failed': 'The old password verification failed.',
  'error.object.new_password_same_as_previous_setting': 'The new password is the same as the previous one.',
  'error.password.space_invalid': 'Password cannot contain spaces.',
  'error.common.invalid_url': 'Invalid URL.',
  'error.common.status_invalid': 'Invalid status.',
  'error.email.duplicate': 'Email already exists.',
  'error.email.need_to_be_verified': 'Email should be verified.',
  'error.email.verify_url_expired': 'Email verified URL has expired, please resend the email.',
  'error.email.illegal_email_domain_error': 'Email is not allowed from that email domain. Please use another one.',
  'error.email.send_failed': 'The email could not be sent. Check the SMTP settings.',
  'error.lang.not_found': 'Language file not found.',
  'error.user.not_found': 'User not found.',
  'error.user.suspended': 'User has been suspended.',
  'error.user.username_invalid': 'Username is invalid.',
  'error.user.username_duplicate': 'Username is already in use.',
  'error.user.not_allowed_registration': 'Currently the site is not open for registration.',
  'error.user.not_allowed_login_via_password': 'Currently the site is not allowed to login via password.',
  'error.user.access_denied': 'Access denied',
  'error.smtp.config_from_name_cannot_be_email': 'The from name cannot be a email address.',
  'error.config.read_config_failed': 'Read config failed',
  'error.database.connection_failed': 'Database connection failed{{detail}}',
  'error.database.restart_on_postgres':
    'The database works. To install this site on it, start Lantern with LANTERN_DATABASE_URL={{url}} (or --database-url), then open the installer again.',
  'error.database.runs_on_postgres':
    'This server keeps its data in PostgreSQL (LANTERN_DATABASE_URL): choose PostgreSQL and enter that database.',
  'error.database.create_table_failed': 'Create table failed',
  'error.database.already_installed': 'The site is already installed.',
  'error.install.create_config_failed': "Can't create the config file.",
  'error.install.setup_code_required':
    "Enter the setup code printed on the server's console (a browser on the server's own machine needs none).",
  'error.install.setup_code_wrong': 'That setup code is wrong ({{left}} more tries before the server prints a new one).',
  'error.install.setup_code_renewed': 'Too many wrong setup codes: the server has printed a new one on its console. Enter that one.',
  'error.site_info.config_not_found': 'Site config not found.',
  'error.theme.not_found': 'Theme not found.',
  'error.lan.not_desktop':
    'Serving on the LAN is switched from the desktop app. A server started from the command line is bound with --host and --port.',
  'error.lan.tls_files': 'This certificate cannot be used: {{why}}.',
  'error.lan.no_site_url_suggestion': 'The site URL already names an address other computers can open.',
  // validation texts; {{label}} is the field's translated name
  'validation.required': '{{label}} cannot be empty.',
  'validation.length': '{{label}} must be at {{min}}-{{max}} characters in length.',
  'validation.min_length': '{{label}} must be at least {{min}} characters.',
  'validation.max_length': '{{label}} up to {{max}} characters.',
  'validation.email': 'Invalid Email Address.',
  'validation.url': 'URL format is incorrect.',
  'validation.type': '{{label}} is not valid.',
  'validation.one_of': '{{label}} must be one of: {{options}}.',
  'validation.range': '{{label}} must be between {{min}} and {{max}}.',
  'validation.min_value': '{{label}} must be {{min}} or greater.',
  'validation.name_chars': '{{label}} can only contain letters, digits, spaces and - . _',
  'validation.username_chars': '{{label}} can only contain a-z, 0-9, - . _',
  'validation.password_match': 'Passwords do not match.',
  'validation.unknown_field': '{{label}} is not allowed.',
  // field labels
  'field.name': 'Name',
  'field.port': 'Port',
  'field.enabled': 'Enabled',
  'field.display_name': 'Display name',
  'field.username': 'Username',
  'field.e_mail': 'Email',
  'field.email': 'Email',
  'field.pass': 'Password',
  'field.password': 'Password',
  'field.old_pass': 'Current password',
  'field.code': 'Code',
  'field.captcha_code': 'Captcha',
  'field.captcha_id': 'Captcha id',
  'field.bio': 'About me',
  'field.website': 'Website',
  'field.location': 'Location',
  'field.avatar': 'Avatar',
  'field.language': 'Language',
  'field.lang': 'Language',
  'field.color_scheme': 'Color scheme',
  'field.time_zone': 'Timezone',
  'field.site_name': 'Site name',
  'field.site_url': 'Site URL',
  'field.contact_email': 'Contact email',
  'field.short_description': 'Short description',
  'field.description': 'Description',
  'field.smtp_port': 'SMTP port',
  'field.smtp_host': 'SMTP host',
  'field.from_email': 'From email',
  'field.from_name': 'From name',
  'field.test_email_recipient': 'Test email recipient',
  'field.db_type': 'Database type',
  'field.db_file': 'Database file',
  'field.external_content_display': 'External content',
  'field.permalink': 'Permalink',
  'field.robots': 'robots.txt',
  'field.theme': 'Theme',
  'field.default_avatar': 'Default avatar',
  'field.action': 'Action',
  'field.info_type': 'Info type',
  // mail
  'mail.activation.subject': '[{{site}}] Please confirm your email address',
  'mail.activation.body':
    'Welcome to {{site}}!\n\nConfirm your email address by opening this link:\n{{url}}\n\nIf you did not sign up, ignore this email.',
  'mail.password_reset.subject': '[{{site}}] Password reset',
  'mail.password_reset.body':
    'Somebody asked to reset your password on {{site}}.\n\nIf it was you, open this link to choose a new one:\n{{url}}\n\nIf it was not you, ignore this email; your password stays as it is.',
  'mail.change_email.subject': '[{{site}}] Confirm your new email address',
  'mail.change_email.body':
    'Confirm your new email address for {{site}} by opening this link:\n{{url}}\n\nIf you did not ask for this change, ignore this email.',
  'mail.test.subject': '[{{site}}] Test email',
  'mail.test.body': 'This is a test email from {{site}}. Your SMTP settings work.',
  'mail.unsubscribe': 'Stop these emails: {{url}}',
} as const;

const en_US = {
  ...base_en_US,
  ...accounts_en_US,
  ...site_en_US,
  ...content_en_US,
  ...comment_en_US,
  ...tag_en_US,
  ...revision_en_US,
  ...related_en_US,
  ...search_en_US,
  ...mcp_en_US,
  ...admin_en_US,
  ...notification_en_US,
  ...badge_en_US,
  ...moderation_en_US,
  ...backup_en_US,
  ...import_en_US,
  ...claims_en_US,
  ...apiKey_en_US,
  ...webhook_en_US,
  ...exportSchedule_en_US,
  ...exportSe_en_US,
  ...exportHtml_en_US,
} as const;

export type MessageKey = keyof typeof en_US;

const zh_CN: Partial<Record<MessageKey, string>> = {
  ...base_zh_CN,
  ...accounts_zh_CN,
  ...site_zh_CN,
  ...content_zh_CN,
  ...comment_zh_CN,
  ...tag_zh_CN,
  ...revision_zh_CN,
  ...related_zh_CN,
  ...search_zh_CN,
  ...mcp_zh_CN,
  ...admin_zh_CN,
  ...notification_zh_CN,
  ...badge_zh_CN,
  ...moderation_zh_CN,
  ...backup_zh_CN,
  ...import_zh_CN,
  ...claims_zh_CN,
  ...apiKey_zh_CN,
  ...webhook_zh_CN,
  ...exportSchedule_zh_CN,
  ...exportSe_zh_CN,
  ...exportHtml_zh_CN,
};

const CATALOGUES: Record<LanguageCode, Partial<Record<MessageKey, string>>> = { en_US, zh_CN };

/** A language's catalogue (the locale test and the language list's progress read its keys). */
export function messageCatalogue(lang: LanguageCode): Readonly<Partial<Record<MessageKey, string>>> {
  return CATALOGUES[lang];
}

/** Whether a key has a message (reason keys from elsewhere may not). */
export function hasMessage(key: string): key is MessageKey {
  return key in en_US;
}

/** Translates a key with {{placeholders}}; unknown keys come back as they are. */
export function translate(lang: LanguageCode, key: string, params: Record<string, string | number> = {}): string {
  const template = (hasMessage(key) && (CATALOGUES[lang][key] ?? en_US[key])) || key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
