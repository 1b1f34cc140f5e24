import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { isLanguage } from '../../contract/languages.js';
import { fieldError } from '../../http/errors.js';
import { renderMarkdown } from '../../infra/markdown/render.js';
import type { GroupName, SiteGroups } from './siteinfo.defaults.js';
import { presentTheme } from './siteinfo.presenter.js';
import * as s from './siteinfo.schema.js';
import { escapeText } from './siteinfo.service.render.js';
import { normaliseSiteUrl } from '../config/site-url.js';
import { relativeUploadFields, relativeUploadUrl } from '../upload/upload-url.js';

const TIME_ZONES = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);

/** One settings group of the admin API: its path, schema and how a valid body becomes the stored value. */
export interface GroupSetting<N extends GroupName> {
  path: string;
  group: N;
  schema: z.ZodType;
  toStored?: (body: any, ctx: AppContext) => Promise<SiteGroups[N]> | SiteGroups[N];
  present?: (value: SiteGroups[N]) => unknown;
  echo?: (body: any) => unknown;
}

export const SETTING_GROUPS: GroupSetting<GroupName>[] = [
  {
    path: 'general',
    group: 'general',
    schema: s.generalSchema,
    toStored: (b) => ({
      ...b,
      name: escapeText(b.name),
      short_description: escapeText(b.short_description),
      description: escapeText(b.description),
      site_url: normaliseSiteUrl(b.site_url),
    }),
    echo: (b) => ({
      ...b,
      name: escapeText(b.name),
      short_description: escapeText(b.short_description),
      description: escapeText(b.description),
    }),
  },
  {
    path: 'interface',
    group: 'interface',
    schema: s.interfaceSchema,
    toStored: (b) => {
      if (!isLanguage(b.language)) throw fieldError('error.lang.not_found', 'language');
      if (!TIME_ZONES.has(b.time_zone)) throw fieldError('error.site_info.time_zone_invalid', 'time_zone');
      return b;
    },
  },
  {
    path: 'branding',
    group: 'branding',
    schema: s.brandingSchema,
    // an uploaded logo is kept site-relative, so that it shows at whatever address the site is opened
    toStored: async (b, ctx) => ({
      logo: await relativeUploadUrl(ctx, b.logo),
      mobile_logo: await relativeUploadUrl(ctx, b.mobile_logo),
      square_icon: await relativeUploadUrl(ctx, b.square_icon),
      favicon: await relativeUploadUrl(ctx, b.favicon),
    }),
  },
  {
    path: 'write',
    group: 'write',
    schema: s.writeSchema,
    toStored: async (b, ctx) => {
      const reserved = new Set((b.reserved_tags as { slug_name: string }[]).map((t) => t.slug_name.toLowerCase()));
      if ((b.recommend_tags as { slug_name: string }[]).some((t) => reserved.has(t.slug_name.toLowerCase())))
        throw fieldError('error.tag.recommend_contains_reserved', 'recommend_tags');
      // the upload quotas are Lantern's own: a stock client's body has none, and the stored ones stay
      const stored = await ctx.settings.get('write');
      return {
        ...b,
        max_uploads_per_hour: b.max_uploads_per_hour ?? stored.max_uploads_per_hour,
        max_upload_mb_per_day: b.max_upload_mb_per_day ?? stored.max_upload_mb_per_day,
      };
    },
  },
  {
    path: 'legal',
    group: 'legal',
    schema: s.legalSchema,
    toStored: async (sent, ctx) => {
      const b = await relativeUploadFields(ctx, sent, ['terms_of_service_original_text', 'privacy_policy_original_text']);
      return {
        terms_of_service_original_text: b.terms_of_service_original_text,
        terms_of_service_parsed_text: await renderMarkdown(b.terms_of_service_original_text),
        privacy_policy_original_text: b.privacy_policy_original_text,
        privacy_policy_parsed_text: await renderMarkdown(b.privacy_policy_original_text),
        external_content_display: b.external_content_display,
      };
    },
  },
  { path: 'seo', group: 'seo', schema: s.seoSchema },
  { path: 'login', group: 'login', schema: s.loginSchema },
  {
    path: 'custom-css-html',
    group: 'css_html',
    schema: s.cssHtmlSchema,
    toStored: (b, ctx) => relativeUploadFields(ctx, b, ['custom_head', 'custom_css', 'custom_header', 'custom_footer', 'custom_sidebar']),
  },
  {
    path: 'theme',
    group: 'theme',
    schema: s.themeSchema,
    toStored: (b) => {
      if (b.theme !== 'default') throw fieldError('error.theme.not_found', 'theme');
      return b;
    },
    present: (v) => presentTheme(v as SiteGroups['theme']),
  },
  { path: 'users', group: 'users', schema: s.usersSchema },
];

/** GET siteinfo/<group>: the stored group over its defaults, as the group presents it. */
export async function readGroupSetting(ctx: AppContext, r: GroupSetting<GroupName>): Promise<unknown> {
  const value = await ctx.settings.get(r.group);
  return r.present ? r.present(value) : value;
}

/** PUT siteinfo/<group>: checks and stores a valid body; answers what the group echoes (or null). */
export async function saveGroupSetting(ctx: AppContext, r: GroupSetting<GroupName>, body: unknown): Promise<unknown> {
  // a group without toStored stores what its schema parsed (the schema is the stored shape)
  const stored = r.toStored ? await r.toStored(body, ctx) : (body as SiteGroups[GroupName]);
  await ctx.settings.put(r.group, stored);
  ctx.events.emit({ type: 'settings.changed', group: r.group });
  return r.echo ? r.echo(body) : null;
}
