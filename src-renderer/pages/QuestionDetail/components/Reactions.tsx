import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { REACTIONS, useReact, useReactions, type Reaction } from '../../../api/meta/reaction-query';
import { useRequireLogin } from '../../../hooks/useRequireLogin';

/** Drawn faces (colour emoji fonts are not everywhere). */
function Glyph({ emoji }: { emoji: Reaction }) {
  if (emoji === 'heart') {
    return (
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className="glyph heart">
        <path
          d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2.1 0 3.6 1.2 4.4 2.6.8-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z"
          fill="#e0245e"
        />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className={`glyph ${emoji}`}>
      <circle cx="12" cy="12" r="10" fill="#f5b800" />
      <circle cx="8.5" cy="9.5" r="1.4" fill="#3b2e00" />
      <circle cx="15.5" cy="9.5" r="1.4" fill="#3b2e00" />
      <path
        d={emoji === 'smile' ? 'M7.5 14c1.2 2 2.7 3 4.5 3s3.3-1 4.5-3' : 'M7.5 17c1.2-2 2.7-3 4.5-3s3.3 1 4.5 3'}
        stroke="#3b2e00"
        strokeWidth="1.6"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Heart, smile and frown under a post: counts, who reacted (as a tooltip and for screen readers), and the viewer's own toggle. */
export function Reactions({ objectId }: { objectId: string }) {
  const { t } = useTranslation();
  const requireLogin = useRequireLogin();
  const summary = useReactions(objectId);
  const react = useReact(objectId);
  const items = summary.data ?? [];
  const toggle = (emoji: Reaction, active: boolean) => {
    if (!requireLogin()) return;
    react.mutate({ emoji, reaction: active ? 'deactivate' : 'activate' });
  };
  return (
    <div className="reactions" role="group" aria-label={t('qa.reactions_label')}>
      {REACTIONS.map((emoji) => {
        const item = items.find((i) => i.emoji === emoji);
        const count = item?.count ?? 0;
        const active = !!item?.is_active;
        const name = t(`qa.reaction_${emoji}`);
        const who = item?.tooltip ? t('qa.reaction_who', { names: item.tooltip }) : undefined;
        return (
          <Button
            key={emoji}
            type="button"
            size="small"
            outlined={!active}
            className={active ? 'reaction on' : 'reaction'}
            aria-pressed={active}
            aria-label={t('qa.reaction_count', { name, count })}
            aria-description={who}
            tooltip={who}
            tooltipPosition="top"
            disabled={react.isPending}
            onClick={() => toggle(emoji, active)}
          >
            <Glyph emoji={emoji} />
            {count > 0 && (
              <span className="reaction-count" aria-hidden="true">
                {count}
              </span>
            )}
          </Button>
        );
      })}
    </div>
  );
}
