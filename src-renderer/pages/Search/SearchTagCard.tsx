import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSearchTag } from '../../api/search/search-query';
import { to } from '../../app/paths';

/** The card of the tag a tag-only search ("[lanterns]") is about: its name, excerpt, question count and links. */
export function SearchTagCard({ tag }: { tag: string }) {
  const { t } = useTranslation();
  const { data } = useSearchTag(tag);
  if (!data) return null;
  return (
    <div className="search-tag card">
      <h2 className="search-tag-name">
        <Link to={to.tag(data.slug_name)} className="tag-chip">
          {data.display_name || data.slug_name}
        </Link>
      </h2>
      {data.excerpt && <p className="muted small search-tag-excerpt">{data.excerpt}</p>}
      <p className="small search-tag-links">
        <Link to={to.tag(data.slug_name)}>{t('inbox.search.tag_link', { tag: data.slug_name })}</Link>
        <span className="muted"> · {t('inbox.search.tag_questions', { count: data.question_count })} · </span>
        <Link to={to.tagInfo(data.slug_name)}>{t('inbox.search.tag_info')}</Link>
      </p>
    </div>
  );
}
