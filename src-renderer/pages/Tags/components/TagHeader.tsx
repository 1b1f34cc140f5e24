import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTagSynonyms } from '../../../api/tag/tag-query';
import type { TagDetail } from '../../../api/tag/types';
import { to } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { FollowTagButton } from './FollowTagButton';

/** The tag page's header: name, followers and follow button, notices, description and links to info, synonyms and edit. */
export function TagHeader({ tag, asked }: { tag: TagDetail; asked: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const synonyms = useTagSynonyms(tag.status === 'available' ? tag.tag_id : undefined);
  const [follows, setFollows] = useState(tag.follow_count);
  const name = tag.display_name || tag.slug_name;
  const canEdit = tag.member_actions.some((a) => a.action === 'edit');
  const synonymCount = synonyms.data?.synonyms.length ?? 0;
  return (
    <header className="tag-header card">
      <div className="tag-header-top">
        <h1 className="tag-title">
          <span className="tag-chip tag-chip-large">{name}</span>
        </h1>
        <div className="tag-header-actions">
          <span className="muted small">{t('tags.followers', { count: follows })}</span>
          {tag.status === 'available' && (
            <FollowTagButton tagId={tag.tag_id} name={name} followed={tag.is_follower} onChange={(_f, n) => setFollows(n)} />
          )}
        </div>
      </div>
      {tag.status === 'deleted' && <p className="post-notice">{t('tags.deleted_notice')}</p>}
      {tag.main_tag_slug_name && asked !== tag.slug_name && <p className="tag-note">{t('tags.synonym_note', { asked })}</p>}
      <p className={tag.description ? 'tag-header-excerpt' : 'tag-header-excerpt muted'}>{tag.description || t('tags.no_desc')}</p>
      <nav className="tag-links" aria-label={t('tags.info_heading')}>
        <Link to={to.tagInfo(tag.slug_name)}>{t('tags.learn_more')}</Link>
        {synonymCount > 0 && <Link to={to.tagInfo(tag.slug_name)}>{t('tags.has_synonyms', { count: synonymCount })}</Link>}
        {user && canEdit && <Link to={to.tagEdit(tag.tag_id)}>{t('tags.edit')}</Link>}
      </nav>
    </header>
  );
}
