import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The page numbers to show: first, last, and two either side of the current one, with gaps as null. */
function pageNumbers(page: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

/** Page links (nothing when everything fits on one page). */
export function Pager({
  page,
  pageSize,
  total,
  hrefFor,
}: {
  page: number;
  pageSize: number;
  total: number;
  hrefFor(page: number): string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('question.pager_label')}>
      {page > 1 && (
        <Link to={hrefFor(page - 1)} rel="prev">
          {t('common.previous')}
        </Link>
      )}
      {pageNumbers(page, pages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="pager-gap" aria-hidden="true">
            …
          </span>
        ) : p === page ? (
          <span key={p} className="pager-current" aria-current="page">
            {p}
          </span>
        ) : (
          <Link key={p} to={hrefFor(p)} aria-label={t('question.pager_page', { page: p })}>
            {p}
          </Link>
        ),
      )}
      {page < pages && (
        <Link to={hrefFor(page + 1)} rel="next">
          {t('common.next')}
        </Link>
      )}
    </nav>
  );
}
