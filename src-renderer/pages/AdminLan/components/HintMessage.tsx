import { useTranslation } from 'react-i18next';
import { Button, Message } from '../../../components/ui';
import type { LanStatus } from '../../../api/admin/types';

type Hint = LanStatus['hints'][number];

/** One hint of the server's, in the reader's language (the server's English sentence where no text is known). */
export function HintMessage({ hint, managed, onApply, applying }: { hint: Hint; managed: boolean; onApply(): void; applying: boolean }) {
  const { t } = useTranslation();
  const text =
    hint.kind === 'loopback_only'
      ? t(managed ? 'lan.hint_loopback_only_desktop' : 'lan.hint_loopback_only', { host: hint.host })
      : hint.kind === 'firewall'
        ? t('lan.hint_firewall', { port: hint.port })
        : hint.kind === 'site_url'
          ? t('lan.hint_site_url', { site_url: hint.site_url, suggested: hint.suggested })
          : (hint as { message: string }).message;
  return (
    <Message
      severity={hint.kind === 'firewall' ? 'info' : 'warn'}
      className={`lan-hint lan-hint-${hint.kind}`}
      content={
        <span className="lan-hint-body">
          <span>{text}</span>
          {hint.kind === 'site_url' && (
            <Button
              type="button"
              size="small"
              label={t('lan.use_site_url', { url: hint.suggested })}
              onClick={onApply}
              loading={applying}
            />
          )}
        </span>
      }
    />
  );
}
