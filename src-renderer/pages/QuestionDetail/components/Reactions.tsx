import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { REACTIONS, useReact, useReactions, type Reaction } from '../../../api/meta/reaction-query';
import { useRequireLogin } from '../../../hooks/useRequireLogin';

const EMOJI: Record<Reaction, string> = { heart: '❤️', smile: '😄', frown: '🙁' };

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
            tooltipOptions={{ position: 'top' }}
            disabled={react.isPending}
            onClick={() => toggle(emoji, active)}
          >
            <span aria-hidden="true">{EMOJI[emoji]}</span>
            {count > 0 && <span className="reaction-count" aria-hidden="true">{count}</span>}
          </Button>
        );
      })}
    </div>
  );
}
