// The site URL (general settings), in the shared lower module config: links, mails and uploads are made against it.
import type { AppContext } from '../../app-context.js';

/** Normalises a site URL to scheme://host[:port][/path] without a trailing slash. */
export function normaliseSiteUrl(raw: string): string {
  try {
    const u = new URL(raw.trim());
    const path = u.pathname.replace(/\/+$/, '');
    return `${u.protocol}//${u.host}${path}`;
  } catch {
    return raw.trim().replace(/\/+$/, '');
  }
}

/** The site URL links are recognised against. */
export async function siteUrlOf(ctx: AppContext): Promise<string> {
  return (await ctx.settings.get('general')).site_url;
}
