import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button, InputText } from '../../components/ui';

/** A list's state in the address: a filter among `filters` (the first by default), a search text and a page. */
export function useListParams<F extends string>(filters: readonly F[], key = 'status') {
  const [params] = useSearchParams();
  const raw = params.get(key) as F | null;
  const filter = raw && filters.includes(raw) ? raw : filters[0];
  const query = params.get('query') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  /** The address of the list with some of its state changed (a new filter or search goes back to page 1). */
  const href = (next: { filter?: F; query?: string; page?: number }) => {
    const qs = new URLSearchParams();
    const f = next.filter ?? filter;
    const q = next.query ?? query;
    const p = next.filter !== undefined || next.query !== undefined ? (next.page ?? 1) : (next.page ?? page);
    if (f !== filters[0]) qs.set(key, f);
    if (q) qs.set('query', q);
    if (p > 1) qs.set('page', String(p));
    const s = qs.toString();
    return s ? `?${s}` : '?';
  };
  return { filter, query, page, href };
}

/** The search box of an admin list: submits the text into the address. */
export function AdminSearch({ id, label, value, onSearch }: { id: string; label: string; value: string; onSearch(q: string): void }) {
  const [q, setQ] = useState(value);
  useEffect(() => setQ(value), [value]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(q.trim());
  };
  return (
    <form role="search" className="admin-search p-inputgroup" onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <InputText id={id} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={label} maxLength={100} />
      <Button type="submit" icon="search" aria-label={label} />
    </form>
  );
}
