import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { ApiError } from '../../api/errors';
import { useTagInfo, useTagRevisions, useTagSynonyms } from '../../api/tag/tag-query';
import type { TagDetail, TagRevision } from '../../api/tag/types';
import { to } from '../../app/paths';
import { useSession } from '../../app/session';
import { ErrorPage } from '../../components/ErrorPage';
import { PostHtml } from '../../components/PostHtml';
import { TimeAgo } from '../../components/TimeAgo';
import { UserAvatar } from '../../components/UserAvatar';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { FollowTagButton } from './components/FollowTagButton';
import { SynonymsPanel } from './components/SynonymsPanel';
import { TagStaffActions } from './components/TagStaffActions';
import './tags.css';

/** /tags/{tagName}/info: the tag's description, who created and last edited it, its synonyms, history and edit links. */
export default function TagInfoPage() {
  const { t } = useTranslation();
  const { tagName = '' } = useParams();
  const info = useTagInfo(tagName.trim().toLowerCase());
  const slow = useDelayed(info.isLoading);
  usePageTitle(info.data ? t('tags.info_title', { name: info.data.display_name || info.data.slug_name }) : t('tags.info_heading'));
  if (info.isError) return info.error instanceof ApiError && info.error.status === 404 ? <ErrorPage kind={404} /> : null;
  if (!info.data) return slow ? <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} /> : null;
  return <TagInfo key={info.data.tag_id} tag={info.data} />;
}

/** Who did it and when: a user link (when known) and the time. */
function Stamp({ label, rev, fallback }: { label: string; rev: TagRevision | undefined; fallback: number }) {
  const { t } = useTranslation();
  const who = rev?.user_info;
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <TimeAgo seconds={rev?.create_at || fallback} />
        {who && (
          <>
            {' '}
            <span className="tag-stamp-user">
              <UserAvatar user={who} size={18} />
              <Link to={to.user(who.username)}>{t('tags.by', { name: who.display_name })}</Link>
            </span>
          </>
        )}
      </dd>
    </div>
  );
}

function TagInfo({ tag }: { tag: TagDetail }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const revisions = useTagRevisions(tag.tag_id);
  const synonyms = useTagSynonyms(tag.status === 'available' ? tag.tag_id : undefined);
  const name = tag.display_name || tag.slug_name;
  const canEdit = !!user && tag.member_actions.some((a) => a.action === 'edit');
  const revs = [...(revisions.data ?? [])].sort((a, b) => a.create_at - b.create_at);
  const first = revs[0];
  const last = revs.length > 1 ? revs[revs.length - 1] : undefined;
  const edited = !!last || tag.updated_at > tag.created_at;

  return (
    <div className="tag-info-page">
      <article className="card tag-info" aria-labelledby="tag-info-title">
        <div className="tag-header-top">
          <h1 id="tag-info-title" className="tag-title">
            <span className="tag-chip tag-chip-large">{name}</span>
            <span className="sr-only"> {t('tags.info_heading')}</span>
          </h1>
          <div className="tag-header-actions">
            {tag.status === 'available' && <FollowTagButton tagId={tag.tag_id} name={name} followed={tag.is_follower} />}
          </div>
        </div>
        {tag.status === 'deleted' && <p className="post-notice">{t('tags.deleted_notice')}</p>}
        <dl className="question-dates tag-dates">
          <Stamp label={t('tags.created')} rev={first} fallback={tag.created_at} />
          {edited && <Stamp label={t('tags.edited')} rev={last} fallback={tag.updated_at} />}
        </dl>
        <p className="muted small">
          {t('tags.questions', { count: tag.question_count })} · {t('tags.followers', { count: tag.follow_count })}
        </p>
        <h2 className="sr-only">{t('tags.wiki')}</h2>
        {tag.parsed_text ? <PostHtml html={tag.parsed_text} /> : <p className="muted">{t('tags.no_desc')}</p>}
        <nav className="tag-links" aria-label={t('tags.info_heading')}>
          <Link to={to.tag(tag.slug_name)}>{t('tags.back_to_tag', { name })}</Link>
          <Link to={to.tagTimeline(tag.tag_id)}>{t('tags.history')}</Link>
          {canEdit && (
            <Link to={to.tagEdit(tag.tag_id)} className="p-button p-button-sm p-button-outlined">
              {t('tags.edit')}
            </Link>
          )}
          {user && <TagStaffActions tag={tag} synonymCount={synonyms.data?.synonyms.length ?? 0} />}
        </nav>
      </article>
      {tag.status === 'available' && <SynonymsPanel tag={tag} />}
    </div>
  );
}
