import { useTranslation } from 'react-i18next';
import { fullTime, relativeTime } from '../utils/time';

/** A Unix time shown as "3 minutes ago", with the full date on hover. */
export function TimeAgo({ seconds }: { seconds: number }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={new Date(seconds * 1000).toISOString()} title={fullTime(seconds, i18n.language)}>
      {relativeTime(seconds, i18n.language)}
    </time>
  );
}
