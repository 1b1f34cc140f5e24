import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui';
import { useNotificationConfig, useUpdateNotificationConfig } from '../../api/user/settings-calls';
import type { NotificationConfig } from '../../api/user/types';
import { useFeedback } from '../../components/Feedback';
import { useDelayed } from '../../hooks/useDelayed';
import { CheckRow } from './parts';

type Source = keyof NotificationConfig;
const SOURCES: { key: Source; label: 'inbox' | 'all_new_question' | 'following_tags' }[] = [
  { key: 'inbox', label: 'inbox' },
  { key: 'all_new_question', label: 'all_new_question' },
  { key: 'all_new_question_for_following_tags', label: 'following_tags' },
];

/** The notifications tab: which emails the site sends (inbox, all new questions, new questions of followed tags). */
export function NotifyForm() {
  const { t } = useTranslation();
  const config = useNotificationConfig();
  const slow = useDelayed(config.isPending);
  if (config.data) return <NotifyFields initial={config.data} />;
  if (config.isError) return <p className="muted">{t('error.generic')}</p>;
  return slow ? (
    <p className="muted" role="status">
      {t('settings.loading')}
    </p>
  ) : null;
}

function NotifyFields({ initial }: { initial: NotificationConfig }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const save = useUpdateNotificationConfig();
  const [on, setOn] = useState<Record<Source, boolean>>({
    inbox: initial.inbox.enable,
    all_new_question: initial.all_new_question.enable,
    all_new_question_for_following_tags: initial.all_new_question_for_following_tags.enable,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = Object.fromEntries(SOURCES.map(({ key }) => [key, { key: 'email', enable: on[key] }])) as unknown as NotificationConfig;
    save.mutate(body, { onSuccess: () => feedback.toast('success', t('settings.update_success')) });
  };
  return (
    <form onSubmit={submit} className="stack settings-form" noValidate>
      <p className="muted">{t('settings.notify.intro')}</p>
      <fieldset className="settings-fieldset">
        <legend>{t('settings.notify.heading')}</legend>
        {SOURCES.map(({ key, label }) => (
          <CheckRow
            key={key}
            id={`notify_${key}`}
            label={t(`settings.notify.${label}`)}
            text={t(`settings.notify.${label}_text`)}
            checked={on[key]}
            onChange={(v) => setOn((o) => ({ ...o, [key]: v }))}
          />
        ))}
      </fieldset>
      <div className="form-buttons">
        <Button type="submit" label={t('settings.save')} loading={save.isPending} />
      </div>
    </form>
  );
}
