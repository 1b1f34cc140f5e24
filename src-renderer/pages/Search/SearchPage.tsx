import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { isCaptchaError } from '../../api/errors';
import { firstFieldError } from '../../hooks/useFormError';
import { useSearch, useSearchTag } from '../../api/search/search-query';
import { SEARCH_ORDERS, type SearchOrder } from '../../api/search/types';
import { fetchCaptcha } from '../../api/user/user-query';
import type { CaptchaFields, CaptchaRecord } from '../../api/user/types';
import { paths, slugInLinks, to } from '../../app/paths';
import { useSession } from '../../app/session';
import { CaptchaDialog } from '../../components/CaptchaDialog';
import { OrderTabs } from '../../components/OrderTabs';
import { Pager } from '../../components/Pager';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { SearchResultItem } from './SearchResultItem';
import { SearchTips } from './SearchTips';
import './search.css';

/** Results per page (the reference's search page asks for 20). */
export const SEARCH_PAGE_SIZE = 20;

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

function Search({ q, order, page }: { q: string; order: SearchOrder; page: number }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const captcha = useRef<CaptchaFields>({});
  const [record, setRecord] = useState<CaptchaRecord | null>(null);
  const [captchaError, setCaptchaError] = useState<string | undefined>();
  const results = useSearch({ q, order, page, size: SEARCH_PAGE_SIZE }, () => captcha.current);
  const slow = useDelayed(results.isFetching && !results.data);
  const tag = tagOnly(q);
  const tagInfo = useSearchTag(tag);
  const withSlug = slugInLinks(site.site_seo?.permalink);
  usePageTitle(q ? `${t('inbox.search.page_title')}: ${q}` : t('inbox.search.page_title'));

  // too many searches in a minute: the server asks for a captcha; solved, the search runs again with it
  const error = results.error;
  useEffect(() => {
    if (!isCaptchaError(error)) return;
    if (captcha.current.captcha_code) setCaptchaError(firstFieldError(error) ?? error.message);
    void fetchCaptcha('search').then(
      (r) => setRecord(r.verify ? r : null),
      () => undefined,
    );
  }, [error]);
  useEffect(() => {
    if (results.isSuccess) {
      captcha.current = {};
      setCaptchaError(undefined);
    }
  }, [results.isSuccess, results.dataUpdatedAt]);

  const href = (o: { order?: SearchOrder; page?: number }) => {
    const s = new URLSearchParams({ q });
    if (o.order && o.order !== 'active') s.set('order', o.order);
    if (o.page && o.page > 1) s.set('page', String(o.page));
    return `${paths.search}?${s.toString()}`;
  };
  const data = results.data;
  const items = data?.list ?? [];

  return (
    <div className="with-aside search-page">
      <div className="main-column">
        <section aria-labelledby="search-title">
          <h1 id="search-title" className="search-heading">
            {t('inbox.search.heading')}
          </h1>
          {q && <p className="search-for">{t('inbox.search.results_for', { q })}</p>}
          {tag && tagInfo.data && (
            <div className="search-tag card">
              <h2 className="search-tag-name">
                <Link to={to.tag(tagInfo.data.slug_name)} className="tag-chip">
                  {tagInfo.data.display_name || tagInfo.data.slug_name}
                </Link>
              </h2>
              {tagInfo.data.excerpt && <p className="muted small search-tag-excerpt">{tagInfo.data.excerpt}</p>}
              <p className="small search-tag-links">
                <Link to={to.tag(tagInfo.data.slug_name)}>{t('inbox.search.tag_link', { tag: tagInfo.data.slug_name })}</Link>
                <span className="muted"> · {t('inbox.search.tag_questions', { count: tagInfo.data.question_count })} · </span>
                <Link to={to.tagInfo(tagInfo.data.slug_name)}>{t('inbox.search.tag_info')}</Link>
              </p>
            </div>
          )}
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
                hrefFor={(o) => href({ order: o })}
              />
            </div>
          )}
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
          {data && <Pager page={page} pageSize={SEARCH_PAGE_SIZE} total={data.count} hrefFor={(p) => href({ order, page: p })} />}
        </section>
      </div>
      <aside className="side-column" aria-labelledby="search-tips-title">
        <SearchTips />
      </aside>
      <CaptchaDialog
        record={record}
        error={captchaError}
        onSubmit={(fields) => {
          captcha.current = fields;
          setRecord(null);
          void results.refetch();
        }}
        onRefresh={() =>
          void fetchCaptcha('search').then(
            (r) => setRecord(r),
            () => undefined,
          )
        }
        onCancel={() => setRecord(null)}
      />
    </div>
  );
}
