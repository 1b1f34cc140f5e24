import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TagItem } from '../../../api/tag/types';
import { to } from '../../../app/paths';
import { FollowTagButton } from './FollowTagButton';

/** One tag of the list: name, excerpt of its description, counts and (for members) a follow button. */
export function TagCard({ tag, canFollow }: { tag: TagItem; canFollow: boolean }) {
  const { t } = useTranslation();
  const name = tag.display_name || tag.slug_name;
  const [follows, setFollows] = useState(tag.follow_count);
  return (
    <li className="tag-card">
      <h2 className="tag-card-title">
        <Link className="tag-chip" to={to.tag(tag.slug_name)}>
          {name}
        </Link>
        {tag.reserved && <span className="status-badge">{t('tags.reserved')}</span>}
        {tag.recommend && <span className="status-badge">{t('tags.recommended')}</span>}
      </h2>
      <p className={tag.description ? 'tag-card-excerpt' : 'tag-card-excerpt muted'}>{tag.description || t('tags.no_desc')}</p>
      <div className="tag-card-foot">
        <span className="muted small">
          {t('tags.questions', { count: tag.question_count })} · {t('tags.followers', { count: follows })}
        </span>
        {canFollow && (
          <FollowTagButton tagId={tag.tag_id} name={name} followed={tag.is_follower} small onChange={(_f, n) => setFollows(n)} />
        )}
      </div>
    </li>
  );
}
