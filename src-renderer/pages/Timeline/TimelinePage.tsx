import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Checkbox, ProgressSpinner } from '../../components/ui';
import { useTimeline } from '../../api/activity/timeline-query';
import type { Timeline, TimelineEvent } from '../../api/activity/types';
import { to } from '../../app/paths';
import { sessionFlags, useSession } from '../../app/session';
import { Icon } from '../../components/Icon';
import { PostHtml } from '../../components/PostHtml';
import { TimeAgo } from '../../components/TimeAgo';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { fullTime } from '../../utils/time';
import { RevisionDetail } from './RevisionDetail';
import './timeline.css';

/** Event types with a label of their own (others show as they come). */
const KNOWN_TYPES = [
  'asked',
  'answered',
  'commented',
  'accept',
  'edited',
  'rollback',
  'deleted',
  'undeleted',
  'closed',
  'reopened',
  'created',
  'pin',
  'unpin',
  'show',
  'hide',
  'upvote',
  'downvote',
] as const;
type KnownType = (typeof KNOWN_TYPES)[number];

/** For each event that made a revision: the revision before it on the same object ('0' for the first). */
export function previousRevisions(events: TimelineEvent[]): Map<string, string> {
  const out = new Map<string, string>();
  events.forEach((e, i) => {
    if (e.revision_id === '0' || e.revision_id === '') return;
    const older = events.slice(i + 1).find((o) => o.object_id === e.object_id && o.revision_id !== '0' && o.revision_id !== '');
    out.set(e.activity_id, older?.revision_id ?? '0');
  });
  return out;
}

/** /posts/{qid}/timeline, /posts/{qid}/{aid}/timeline and /tags/{tid}/timeline: what happened to a post or tag, with each revision's changes. */
export default function TimelinePage() {
  const { t } = useTranslation();
  const { qid, aid, tid } = useParams();
  const { user } = useSession();
  const f = sessionFlags(user);
  const staff = f.admin || f.moderator;
  const [showVotes, setShowVotes] = useState(false);
  const objectId = aid ?? qid ?? tid ?? '';
  const timeline = useTimeline(objectId, staff && showVotes);
  const slow = useDelayed(timeline.isLoading);
  const data = timeline.data;
  usePageTitle(data ? `${t('inbox.timeline.page_title')}: ${data.object_info.title}` : t('inbox.timeline.page_title'));

  return (
    <div className="timeline-page">
      {data ? <TimelineHeading info={data.object_info} /> : <h1>{t('inbox.timeline.page_title')}</h1>}
      {staff && (
        <div className="field-check timeline-votes">
          <Checkbox inputId="show-votes" checked={showVotes} onChange={(e) => setShowVotes(!!e.checked)} />
          <label htmlFor="show-votes">{t('inbox.timeline.show_votes')}</label>
        </div>
      )}
      {slow && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} />}
      {data && data.timeline.length === 0 && <p className="empty-state muted">{t('inbox.timeline.empty')}</p>}
      {data && data.timeline.length > 0 && <TimelineTable data={data} />}
    </div>
  );
}

function TimelineHeading({ info }: { info: Timeline['object_info'] }) {
  const { t } = useTranslation();
  if (info.object_type === 'tag') {
    const slug = info.main_tag_slug_name;
    return (
      <h1 className="timeline-heading">
        {t('inbox.timeline.for_tag')} <Link to={to.tag(slug)}>{info.title || slug}</Link>
      </h1>
    );
  }
  if (info.object_type === 'answer') {
    return (
      <h1 className="timeline-heading">
        {t('inbox.timeline.for_answer')} <Link to={to.question(info.question_id, undefined, info.answer_id)}>{info.title}</Link>{' '}
        {info.display_name && <span className="timeline-by">{t('inbox.timeline.answer_by', { name: info.display_name })}</span>}
      </h1>
    );
  }
  return (
    <h1 className="timeline-heading">
      {t('inbox.timeline.for_question')} <Link to={to.question(info.question_id)}>{info.title}</Link>
    </h1>
  );
}

function TimelineTable({ data }: { data: Timeline }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<string[]>([]);
  const previous = previousRevisions(data.timeline);
  const toggle = (id: string) => setOpen((o) => (o.includes(id) ? o.filter((x) => x !== id) : [...o, id]));
  const typeLabel = (type: string) =>
    (KNOWN_TYPES as readonly string[]).includes(type) ? t(`inbox.timeline.type.${type as KnownType}`) : type;
  return (
    <table className="timeline-table">
      <caption className="sr-only">{t('inbox.timeline.events_label')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('inbox.timeline.col_when')}</th>
          <th scope="col">{t('inbox.timeline.col_type')}</th>
          <th scope="col">{t('inbox.timeline.col_by')}</th>
          <th scope="col">{t('inbox.timeline.col_comment')}</th>
        </tr>
      </thead>
      <tbody>
        {data.timeline.map((e) => {
          const old = previous.get(e.activity_id);
          const expanded = open.includes(e.activity_id);
          const detailId = `revision-${e.activity_id}`;
          const who = e.user_info;
          const named = who && who.username && who.username !== 'N/A';
          return (
            <Fragment key={e.activity_id}>
              <tr className={e.cancelled ? 'timeline-row cancelled' : 'timeline-row'} data-testid="timeline-event">
                <td data-label={t('inbox.timeline.col_when')}>
                  <time dateTime={new Date(e.created_at * 1000).toISOString()}>{fullTime(e.created_at, i18n.language)}</time>
                  <span className="muted small timeline-ago">
                    {' '}
                    (<TimeAgo seconds={e.created_at} />)
                  </span>
                </td>
                <td data-label={t('inbox.timeline.col_type')}>
                  <span className={`timeline-type type-${e.activity_type}`}>{typeLabel(e.activity_type)}</span>
                  {e.cancelled && <span className="status-badge">{t('inbox.timeline.cancelled')}</span>}
                  {old !== undefined && (
                    <button
                      type="button"
                      className="timeline-toggle"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailId : undefined}
                      onClick={() => toggle(e.activity_id)}
                    >
                      <Icon name={expanded ? 'chevron-up' : 'chevron-down'} />{' '}
                      {expanded ? t('inbox.timeline.hide_detail') : t('inbox.timeline.show_detail')}
                    </button>
                  )}
                </td>
                <td data-label={t('inbox.timeline.col_by')}>
                  {named ? (
                    <Link to={to.user(who.username)}>{who.display_name}</Link>
                  ) : (
                    <span className="muted">{t('inbox.timeline.na')}</span>
                  )}
                </td>
                <td data-label={t('inbox.timeline.col_comment')}>
                  {e.comment ? <PostHtml html={e.comment} className="timeline-comment" /> : null}
                </td>
              </tr>
              {old !== undefined && expanded && (
                <tr className="timeline-detail-row" id={detailId}>
                  <td colSpan={4}>
                    <RevisionDetail newId={e.revision_id} oldId={old} objectType={data.object_info.object_type} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
