import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { isCaptchaError } from '../../api/errors';
import { SEARCH_ORDERS, type SearchOrder } from '../../api/search/types';
import { paths, slugInLinks } from '../../app/paths';
import { useSession } from '../../app/session';
import { CaptchaDialog } from '../../components/CaptchaDialog';
import { OrderTabs } from '../../components/OrderTabs';
import { Pager } from '../../components/Pager';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { SearchResultItem } from './SearchResultItem';
import { SearchTagCard } from './SearchTagCard';
import { SearchTips } from './SearchTips';
import { SEARCH_PAGE_SIZE, useSearchResults } from './useSearchResults';
import './search.css';

/** The order named in the address; active by default, as the reference's search page. */
function orderOf(v: string | null): SearchOrder {
  return (SEARCH_ORDERS as readonly string[]).includes(v ?? '') ? (v as SearchOrder) : 'active';
}

/**
 * A search-engine cache address (`/search?q=cache:<id>:https://site/questions/1`) names the page it
 * cached: the path of that page, or null when `q` is an ordinary search.
 */
export function cachedPagePath(q: string): string | null {
  if (!q.startsWith('cache:') || !q.includes(':http')) return null;
  try {
    const url = new URL(`http${q.slice(q.indexOf(':http') + 5)}`);
    return `${url.pathname}${url.search}${url.hash}` || paths.home;
  } catch {
    return null;
  }
}

/** The tag a search is only about ("[lanterns]"), or null. */
export function tagOnly(q: string): string | null {
  const m = /^\[([^[\]]+)\]$/.exec(q.trim());
  return m ? m[1].trim().toLowerCase() : null;
}

/** /search: results of GET search with the count, orders, pages and the search syntax tips. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const cached = cachedPagePath(q);
  if (cached) return <Navigate to={cached} replace />;
  return (
    <Search
      q={q}
      order={orderOf(params.get('order'))}
      page={Math.max(1, Math.min(100000, Number.parseInt(params.get('page') ?? '1', 10) || 1))}
    />
  );
}

/** The link to a page of the results of `q` in an order (the defaults left out of the address). */
function searchHref(q: string, o: { order?: SearchOrder; page?: number }): string {
  const s = new URLSearchParams({ q });
  if (o.order && o.order !== 'active') s.set('order', o.order);
  if (o.page && o.page > 1) s.set('page', String(o.page));
  return `${paths.search}?${s.toString()}`;
}

/** The search page for one query, order and page: heading, tag card, count and orders, results, pager and tips. */
function Search({ q, order, page }: { q: string; order: SearchOrder; page: number }) {
  const { t } = useTranslation();
  const { results, captchaDialog } = useSearchResults({ q, order, page });
  const tag = tagOnly(q);
  usePageTitle(q ? `${t('inbox.search.page_title')}: ${q}` : t('inbox.search.page_title'));
  const data = results.data;

  return (
    <div className="with-aside search-page">
      <div className="main-column">
        <section aria-labelledby="search-title">
          <h1 id="search-title" className="search-heading">
            {t('inbox.search.heading')}
          </h1>
          {q && <p className="search-for">{t('inbox.search.results_for', { q })}</p>}
          {tag && <SearchTagCard tag={tag} />}
          {!q && <p className="empty-state muted">{t('inbox.search.empty_query')}</p>}
          {q && (
            <div className="list-tools">
              <p className="muted" aria-live="polite">
                {data ? t('inbox.search.count', { count: data.count }) : ''}
              </p>
              <OrderTabs
                orders={SEARCH_ORDERS}
                current={order}
                label={t('inbox.search.order_label')}
                labelOf={(o) => t(`inbox.search.order_${o}`)}
                hrefFor={(o) => searchHref(q, { order: o })}
              />
            </div>
          )}
          <SearchResults q={q} results={results} />
          {data && <Pager page={page} pageSize={SEARCH_PAGE_SIZE} total={data.count} hrefFor={(p) => searchHref(q, { order, page: p })} />}
        </section>
      </div>
      <aside className="side-column" aria-labelledby="search-tips-title">
        <SearchTips />
      </aside>
      <CaptchaDialog {...captchaDialog} />
    </div>
  );
}

/** The results' states: loading (when slow), an error other than the captcha's, none found, or the list. */
function SearchResults({ q, results }: { q: string; results: ReturnType<typeof useSearchResults>['results'] }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const slow = useDelayed(results.isFetching && !results.data);
  const withSlug = slugInLinks(site.site_seo?.permalink);
  const error = results.error;
  const items = results.data?.list ?? [];
  return (
    <>
      {slow && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} />}
      {error && !isCaptchaError(error) && (
        <p className="field-error" role="alert">
          {error.message}
        </p>
      )}
      {q && results.isSuccess && items.length === 0 && <p className="empty-state">{t('inbox.search.empty')}</p>}
      {items.length > 0 && (
        <ul className="q-list search-list" aria-label={t('inbox.search.list_label')} aria-busy={results.isFetching}>
          {items.map((r) => (
            <SearchResultItem key={`${r.object_type}-${r.object.id}`} result={r} withSlug={withSlug} />
          ))}
        </ul>
      )}
    </>
  );
}
