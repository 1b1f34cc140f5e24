import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { InputText, ProgressSpinner } from '../../components/ui';
import { LIMITS } from '../../../server/contract/limits';
import { useTagPage } from '../../api/tag/tag-query';
import { TAG_ORDERS, type TagOrder } from '../../api/tag/types';
import { paths } from '../../app/paths';
import { useSession } from '../../app/session';
import { OrderTabs } from '../../components/OrderTabs';
import { Pager } from '../../components/Pager';
import { useDebounced } from '../../hooks/useDebounced';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { TagCard } from './components/TagCard';
import { useMayCreateTag } from './components/useMayCreateTag';
import './tags.css';

const PAGE_SIZE = 20;

function orderOf(v: string | null): TagOrder {
  return (TAG_ORDERS as readonly string[]).includes(v ?? '') ? (v as TagOrder) : 'popular';
}

/** The query of the list with a filter, order and page (defaults left out). */
function listQuery(q: { text?: string; order?: TagOrder; page?: number }): URLSearchParams {
  const qs = new URLSearchParams();
  if (q.text) qs.set('q', q.text);
  if (q.order && q.order !== 'popular') qs.set('order', q.order);
  if (q.page && q.page > 1) qs.set('page', String(q.page));
  return qs;
}

/** The address of the list with a filter, order and page. */
function listHref(q: { text?: string; order?: TagOrder; page?: number }): string {
  const s = listQuery(q).toString();
  return s ? `${paths.tags}?${s}` : paths.tags;
}

/** /tags: every tag as a card, filtered by name, in an order, a page at a time; members follow tags from here. */
export default function TagsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const order = orderOf(params.get('order'));
  const page = Math.max(1, Math.min(100000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const text = (params.get('q') ?? '').slice(0, LIMITS.tagName.max);
  const [typed, setTyped] = useState(text);
  const settled = useDebounced(typed.trim(), 300);
  // the filter goes into the address once typing settles (replacing the entry, back to page 1)
  useEffect(() => {
    if (settled !== text.trim()) setParams(listQuery({ text: settled, order }), { replace: true, preventScrollReset: true });
  }, [settled]); // eslint-disable-line react-hooks/exhaustive-deps
  // back and forward bring another filter: show it in the box
  useEffect(() => {
    if (text.trim() !== settled) setTyped(text);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps
  const list = useTagPage({ page, page_size: PAGE_SIZE, query_cond: order, slug_name: text.trim() || undefined });
  const slow = useDelayed(list.isLoading);
  const create = useMayCreateTag();
  usePageTitle(t('tags.title'));
  const items = list.data?.list ?? [];

  return (
    <section className="tags-page" aria-labelledby="tags-title">
      <div className="list-head">
        <h1 id="tags-title">{t('tags.title')}</h1>
        {create.allowed && (
          <Link to={paths.tagCreate} className="p-button p-button-sm">
            {t('tags.create_button')}
          </Link>
        )}
      </div>
      <p className="muted">{t('tags.list_intro')}</p>
      <div className="list-tools">
        <div className="tags-search" role="search">
          <label htmlFor="tag-filter" className="sr-only">
            {t('tags.search_label')}
          </label>
          <InputText
            id="tag-filter"
            type="search"
            value={typed}
            maxLength={LIMITS.tagName.max}
            placeholder={t('tags.search_placeholder')}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
          />
        </div>
        <OrderTabs
          orders={TAG_ORDERS}
          current={order}
          label={t('tags.order_label')}
          labelOf={(o) => t(`tags.order_${o}`)}
          hrefFor={(o) => listHref({ text, order: o })}
        />
      </div>
      <p className="muted small" aria-live="polite">
        {list.data ? t('tags.count', { count: list.data.count }) : ''}
      </p>
      {slow && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} />}
      {list.isSuccess && items.length === 0 && (
        <div className="empty-state">
          <p>{text ? t('tags.empty_search', { text }) : t('tags.empty')}</p>
        </div>
      )}
      <ul className="tag-grid" aria-label={t('tags.list_label')} aria-busy={list.isFetching}>
        {items.map((tag) => (
          <TagCard key={tag.tag_id} tag={tag} canFollow={!!user} />
        ))}
      </ul>
      {list.data && <Pager page={page} pageSize={PAGE_SIZE} total={list.data.count} hrefFor={(p) => listHref({ text, order, page: p })} />}
    </section>
  );
}
