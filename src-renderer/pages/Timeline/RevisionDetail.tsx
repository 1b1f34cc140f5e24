import { useTranslation } from 'react-i18next';
import { ProgressSpinner } from '../../components/ui';
import { useTimelineDetail } from '../../api/activity/timeline-query';
import type { RevisionSide } from '../../api/activity/types';
import type { TagBrief } from '../../api/types';
import { useDelayed } from '../../hooks/useDelayed';
import { diffText, type DiffPart } from './diff';

/** Added and removed text marked with <ins>/<del> (underlined / struck through, not by colour alone). */
export function DiffView({ parts }: { parts: DiffPart[] }) {
  const { t } = useTranslation();
  return (
    <>
      {parts.map((p, i) =>
        p.op === 'same' ? (
          <span key={i}>{p.text}</span>
        ) : p.op === 'add' ? (
          <ins key={i} className="diff-add" title={t('inbox.timeline.added')}>
            {p.text}
          </ins>
        ) : (
          <del key={i} className="diff-del" title={t('inbox.timeline.removed')}>
            {p.text}
          </del>
        ),
      )}
    </>
  );
}

const tagName = (tag: TagBrief) => tag.display_name || tag.slug_name;

/** The tags of two revisions: kept, added and removed. */
function TagDiff({ before, after }: { before: TagBrief[]; after: TagBrief[] }) {
  const old = new Set(before.map((x) => x.slug_name));
  const now = new Set(after.map((x) => x.slug_name));
  return (
    <ul className="tag-list diff-tags">
      {after.map((tag) => (
        <li key={`n-${tag.slug_name}`}>
          {old.has(tag.slug_name) ? (
            <span className="tag-chip">{tagName(tag)}</span>
          ) : (
            <ins className="tag-chip diff-add">{tagName(tag)}</ins>
          )}
        </li>
      ))}
      {before
        .filter((tag) => !now.has(tag.slug_name))
        .map((tag) => (
          <li key={`o-${tag.slug_name}`}>
            <del className="tag-chip diff-del">{tagName(tag)}</del>
          </li>
        ))}
    </ul>
  );
}

/** One revision compared with the one before it (everything is new for the first revision). */
export function RevisionCompare({ before, after, objectType }: { before: RevisionSide | null; after: RevisionSide; objectType: string }) {
  const { t } = useTranslation();
  const prev: RevisionSide = before ?? { title: '', tags: [], original_text: '', slug_name: '', main_tag_slug_name: '' };
  const titleChanged = prev.title !== after.title;
  const tagsChanged =
    objectType === 'question' && prev.tags.map((x) => x.slug_name).join(' ') !== after.tags.map((x) => x.slug_name).join(' ');
  const bodyChanged = prev.original_text !== after.original_text;
  return (
    <div className="revision-detail" role="group" aria-label={t('inbox.timeline.detail_label')}>
      {objectType !== 'answer' && titleChanged && (
        <div className="revision-part">
          <h2 className="revision-label">{t('inbox.timeline.detail_title')}</h2>
          <p className="revision-title">
            <DiffView parts={diffText(prev.title, after.title)} />
          </p>
        </div>
      )}
      {tagsChanged && (
        <div className="revision-part">
          <h2 className="revision-label">{t('inbox.timeline.detail_tags')}</h2>
          <TagDiff before={prev.tags} after={after.tags} />
        </div>
      )}
      {bodyChanged && (
        <div className="revision-part">
          <h2 className="revision-label">{t('inbox.timeline.detail_body')}</h2>
          <pre className="revision-body">
            <DiffView parts={diffText(prev.original_text, after.original_text)} />
          </pre>
        </div>
      )}
      {!titleChanged && !tagsChanged && !bodyChanged && <p className="muted">{t('inbox.timeline.detail_none')}</p>}
    </div>
  );
}

/** Loads and shows the changes an event's revision made. */
export function RevisionDetail({ newId, oldId, objectType }: { newId: string; oldId: string; objectType: string }) {
  const { t } = useTranslation();
  const detail = useTimelineDetail(newId, oldId, true);
  const slow = useDelayed(detail.isLoading);
  if (detail.data) return <RevisionCompare before={detail.data.old_revision} after={detail.data.new_revision} objectType={objectType} />;
  return slow ? <ProgressSpinner style={{ width: 24, height: 24 }} aria-label={t('common.loading')} /> : null;
}
