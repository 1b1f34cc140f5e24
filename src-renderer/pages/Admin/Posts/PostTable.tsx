import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui';
import type { PostListStatus } from '../../../api/admin/types';
import { TimeAgo } from '../../../components/TimeAgo';
import { postChanges, type Change, type Kind } from './post-changes';
import type { Row } from './post-rows';

/** The posts table: each post linked, its votes (and answers), author, age, and the status changes its filter offers. */
export function PostTable(props: { kind: Kind; filter: PostListStatus; rows: Row[]; busy: boolean; onChange(row: Row, c: Change): void }) {
  const { t } = useTranslation();
  const { kind } = props;
  return (
    <table className="admin-table" aria-labelledby="admin-posts-title">
      <thead>
        <tr>
          <th scope="col">{t('admin.posts.post')}</th>
          <th scope="col">{t('admin.posts.votes')}</th>
          {kind === 'question' && <th scope="col">{t('admin.posts.answers')}</th>}
          <th scope="col">{t('admin.posts.author')}</th>
          <th scope="col">{t('admin.posts.created')}</th>
          <th scope="col">
            <span className="sr-only">{t('admin.common.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r) => (
          <tr key={r.id}>
            <td>
              <Link to={r.href} className="admin-post-link">
                {r.title}
              </Link>
              {r.excerpt && <p className="admin-excerpt">{r.excerpt}</p>}
            </td>
            <td data-label={t('admin.posts.votes')}>{r.votes}</td>
            {kind === 'question' && <td data-label={t('admin.posts.answers')}>{r.answers}</td>}
            <td data-label={t('admin.posts.author')}>{r.authorHref ? <Link to={r.authorHref}>{r.author}</Link> : r.author}</td>
            <td data-label={t('admin.posts.created')}>
              <TimeAgo seconds={r.created} />
            </td>
            <td className="admin-actions">
              {postChanges(kind, props.filter).map((c) => (
                <Button
                  key={c}
                  type="button"
                  size="small"
                  text
                  severity={c === 'delete' || c === 'reject' ? 'danger' : undefined}
                  label={t(`admin.posts.${c}`)}
                  aria-label={`${t(`admin.posts.${c}`)}: ${r.title}`}
                  onClick={() => props.onChange(r, c)}
                  disabled={props.busy}
                />
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
