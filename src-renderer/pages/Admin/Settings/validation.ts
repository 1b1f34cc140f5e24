import type { TFunction } from 'i18next';
import { LIMITS } from '../../../../server/contract/limits';
import { compact, type Errors } from '../../../utils/validation';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HTTP_URL = /^https?:\/\/[^\s/]+\S*$/i;
const DOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const TAG_SLUG = /^[\p{L}\p{N}+#.\-_]{1,35}$/u;
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** The general settings as the form holds them. */
export interface GeneralValues {
  name: string;
  site_url: string;
  short_description: string;
  description: string;
  contact_email: string;
  check_update: boolean;
}

/** Site name (required, up to 30), site URL (required, up to 512, http(s)), contact email, descriptions. */
export function checkGeneral(t: TFunction, v: GeneralValues): Errors {
  const name = v.name.trim();
  const url = v.site_url.trim();
  const email = v.contact_email.trim();
  return compact({
    name: !name
      ? t('admin_settings.general.name_required')
      : name.length > LIMITS.siteName.max
        ? t('admin_settings.general.name_max')
        : undefined,
    site_url: !url
      ? t('admin_settings.general.site_url_required')
      : url.length > LIMITS.siteUrl.max
        ? t('admin_settings.general.site_url_max')
        : !HTTP_URL.test(url)
          ? t('admin_settings.url_invalid')
          : undefined,
    short_description: v.short_description.length > 255 ? t('admin_settings.general.short_description_max') : undefined,
    description: v.description.length > 2000 ? t('admin_settings.general.description_max') : undefined,
    contact_email: !email
      ? t('admin_settings.general.contact_email_required')
      : !EMAIL.test(email)
        ? t('admin_settings.email_invalid')
        : undefined,
  });
}

/** The SMTP settings as the form holds them (the port as typed). */
export interface SmtpValues {
  from_email: string;
  from_name: string;
  smtp_host: string;
  encryption: '' | 'SSL' | 'TLS';
  smtp_port: string;
  smtp_authentication: boolean;
  smtp_username: string;
  smtp_password: string;
  test_email_recipient: string;
}

/** SMTP port a whole number 1-65535; addresses well formed when given. */
export function checkSmtp(t: TFunction, v: SmtpValues): Errors {
  const port = v.smtp_port.trim();
  const n = Number(port);
  return compact({
    from_email: v.from_email.trim() && !EMAIL.test(v.from_email.trim()) ? t('admin_settings.email_invalid') : undefined,
    smtp_port:
      !/^\d+$/.test(port) || n < LIMITS.smtpPort.min || n > LIMITS.smtpPort.max ? t('admin_settings.smtp.port_invalid') : undefined,
    test_email_recipient:
      v.test_email_recipient.trim() && !EMAIL.test(v.test_email_recipient.trim()) ? t('admin_settings.email_invalid') : undefined,
  });
}

/** Splits a list typed with spaces, commas or new lines. */
export function splitList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** The write settings as the form holds them (tag lists and upload quotas as typed). */
export interface WriteValues {
  restrict_answer: boolean;
  required_tag: boolean;
  recommend_tags: string;
  reserved_tags: string;
  max_uploads_per_hour: string;
  max_upload_mb_per_day: string;
}

/** An upload quota as typed: a whole number from 0 (no limit) to 100000. */
const quotaValid = (typed: string) => /^\d{1,6}$/.test(typed.trim()) && Number(typed.trim()) <= 100000;

/** Each listed tag a slug; recommended tags cannot contain reserved ones; the upload quotas whole numbers from 0. */
export function checkWrite(t: TFunction, v: WriteValues): Errors {
  const recommend = splitList(v.recommend_tags);
  const reserved = splitList(v.reserved_tags);
  const bad = (list: string[]) => list.find((s) => !TAG_SLUG.test(s));
  const badRecommend = bad(recommend);
  const badReserved = bad(reserved);
  const reservedSet = new Set(reserved.map((s) => s.toLowerCase()));
  return compact({
    recommend_tags: badRecommend
      ? t('admin_settings.write.tag_invalid', { tag: badRecommend })
      : recommend.some((s) => reservedSet.has(s.toLowerCase()))
        ? t('admin_settings.write.recommend_contains_reserved')
        : undefined,
    reserved_tags: badReserved ? t('admin_settings.write.tag_invalid', { tag: badReserved }) : undefined,
    max_uploads_per_hour: quotaValid(v.max_uploads_per_hour) ? undefined : t('admin_settings.write.quota_invalid'),
    max_upload_mb_per_day: quotaValid(v.max_upload_mb_per_day) ? undefined : t('admin_settings.write.quota_invalid'),
  });
}

/** Allowed email domains: each a domain name. */
export function checkDomains(t: TFunction, text: string): Errors {
  const bad = splitList(text).find((d) => !DOMAIN.test(d));
  return compact({ allow_email_domains: bad ? t('admin_settings.login.domain_invalid', { domain: bad }) : undefined });
}

/** The Gravatar base URL: an http(s) URL when given. */
export function checkUsers(t: TFunction, gravatarBaseUrl: string): Errors {
  const url = gravatarBaseUrl.trim();
  return compact({ gravatar_base_url: url && !HTTP_URL.test(url) ? t('admin_settings.url_invalid') : undefined });
}

/** robots.txt cannot be empty. */
export function checkSeo(t: TFunction, robots: string): Errors {
  return compact({ robots: robots.trim() ? undefined : t('admin_settings.seo.robots_required') });
}

/** A privilege value: a number, and 1 or more. */
export function checkPrivilege(t: TFunction, typed: string): string | undefined {
  const s = typed.trim();
  if (!/^-?\d+$/.test(s)) return t('admin_settings.privileges.should_be_number');
  if (Number(s) < 1) return t('admin_settings.privileges.number_larger_1');
  return undefined;
}

/** The primary colour: #rrggbb. */
export function checkColor(t: TFunction, color: string): Errors {
  return compact({ primary_color: HEX_COLOR.test(color.trim()) ? undefined : t('admin_settings.themes.primary_invalid') });
}

/** Custom CSS and HTML: each up to 65536 characters. */
export function checkCssHtml(t: TFunction, v: Record<string, string>, labels: Record<string, string>): Errors {
  return compact(
    Object.fromEntries(
      Object.entries(v).map(([k, s]) => [k, s.length > 65536 ? t('admin_settings.max', { label: labels[k], max: 65536 }) : undefined]),
    ),
  );
}
