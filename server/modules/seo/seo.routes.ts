import type { Request, Response } from 'express';
import type { AppContext } from '../../app-context.js';
import { auth } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { dropOnContentChange } from '../../http/shared-response.js';
import type { Routers } from '../index.js';
import { sitemapXml } from './seo.service.js';

/** Cache keys of the sitemap files (dropped whenever content changes). */
const SITEMAP_KEY = 'sitemap:';
/** A search engine reads the sitemap now and then: a file is made at most once in this while. */
const SITEMAP_TTL_MS = 10 * 60_000;

/** /sitemap.xml and /sitemap/question-N.xml (the files of its index past 50,000 questions); none on a private site. */
export function registerSeo(ctx: AppContext, { root }: Routers): void {
  dropOnContentChange(ctx, SITEMAP_KEY);
  const send = async (req: Request, res: Response, page: number | null) => {
    const [login, general, seo] = await Promise.all([ctx.settings.get('login'), ctx.settings.get('general'), ctx.settings.get('seo')]);
    // a site that requires login publishes no list of its questions (robots.txt disallows all there)
    if (login.login_required) throw notFound();
    const origin = general.site_url || `${req.protocol}://${req.get('host') ?? 'localhost'}${ctx.config.basePath}`;
    const { permalink } = seo;
    const key = `${SITEMAP_KEY}${origin} ${permalink} ${page ?? 'index'}`;
    const xml = await ctx.cache.get(key, SITEMAP_TTL_MS, () => sitemapXml(ctx, page, { origin, permalink }));
    res.type('application/xml').send(xml);
  };
  root.get('/sitemap.xml', auth(ctx, 'public'), (req, res) => send(req, res, null));
  root.get('/sitemap/:file', auth(ctx, 'public'), (req, res) => {
    const m = /^question-([1-9]\d{0,6})\.xml$/.exec(String(req.params.file));
    if (!m) throw notFound();
    return send(req, res, Number(m[1]));
  });
}
