import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteWebhook, usePingWebhook } from '../../../api/webhook/webhook-mutations';
import { useWebhooks } from '../../../api/webhook/webhooks-query';
import type { WebhookInfo } from '../../../api/webhook/types';
import { useFeedback } from '../../../components/Feedback';
import { Button } from '../../../components/ui';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { DeliveryLog } from './DeliveryLog';
import { WebhookFormDialog } from './WebhookFormDialog';
import { WebhookSecretDialog } from './WebhookSecretDialog';
import './webhooks.css';

function HookRow({ h, onEdit, onLog }: { h: WebhookInfo; onEdit(): void; onLog(): void }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const remove = useDeleteWebhook();
  const ping = usePingWebhook();
  const confirmDelete = () => {
    if (!window.confirm(t('admin_webhook.delete_confirm', { url: h.url }))) return;
    remove.mutate(h.id, { onSuccess: () => feedback.toast('success', t('admin_webhook.deleted')) });
  };
  return (
    <tr data-webhook={h.id}>
      <th scope="row" className="webhook-url">
        <code>{h.url}</code>
        {h.description && <div className="muted">{h.description}</div>}
      </th>
      <td data-label={t('admin_webhook.col_events')}>{h.events.map((e) => t(`admin_webhook.event.${e}`)).join(', ')}</td>
      <td data-label={t('admin_webhook.col_state')}>{h.active ? t('admin_webhook.active') : t('admin_webhook.paused')}</td>
      <td data-label={t('admin_webhook.col_last')}>
        {h.last_status ? (
          <span className={`webhook-status webhook-status-${h.last_status}`}>{t(`admin_webhook.status.${h.last_status}`)}</span>
        ) : (
          t('admin_webhook.never')
        )}
      </td>
      <td className="webhook-actions">
        <Button
          type="button"
          size="small"
          text
          icon="list"
          label={t('admin_webhook.deliveries')}
          aria-label={t('admin_webhook.deliveries_name', { url: h.url })}
          onClick={onLog}
        />
        <Button
          type="button"
          size="small"
          text
          icon="share"
          label={t('admin_webhook.ping')}
          aria-label={t('admin_webhook.ping_name', { url: h.url })}
          onClick={() => ping.mutate(h.id, { onSuccess: () => feedback.toast('success', t('admin_webhook.ping_sent')) })}
        />
        <Button
          type="button"
          size="small"
          text
          icon="edit"
          label={t('admin_webhook.edit')}
          aria-label={t('admin_webhook.edit_name', { url: h.url })}
          onClick={onEdit}
        />
        <Button
          type="button"
          size="small"
          text
          severity="danger"
          icon="trash"
          label={t('admin_webhook.delete')}
          aria-label={t('admin_webhook.delete_name', { url: h.url })}
          onClick={confirmDelete}
        />
      </td>
    </tr>
  );
}

/** /admin/webhooks: the hooks, add/edit (the secret shown once), a test ping and each hook's delivery log. */
export default function WebhooksPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin_webhook.title'));
  const hooks = useWebhooks();
  const [form, setForm] = useState<{ editing?: WebhookInfo } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const list = hooks.data ?? [];
  const logged = list.find((h) => h.id === logOf);
  return (
    <div className="admin-webhooks stack">
      <h1>{t('admin_webhook.title')}</h1>
      <p className="muted">{t('admin_webhook.intro')}</p>
      <div>
        <Button type="button" icon="plus" label={t('admin_webhook.add')} onClick={() => setForm({})} />
      </div>
      {hooks.isSuccess && list.length === 0 && <p>{t('admin_webhook.empty')}</p>}
      {list.length > 0 && (
        <table className="webhook-table" aria-label={t('admin_webhook.list_label')}>
          <thead>
            <tr>
              <th scope="col">{t('admin_webhook.col_url')}</th>
              <th scope="col">{t('admin_webhook.col_events')}</th>
              <th scope="col">{t('admin_webhook.col_state')}</th>
              <th scope="col">{t('admin_webhook.col_last')}</th>
              <th scope="col">{t('admin_webhook.col_actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((h) => (
              <HookRow key={h.id} h={h} onEdit={() => setForm({ editing: h })} onLog={() => setLogOf(h.id)} />
            ))}
          </tbody>
        </table>
      )}
      {logged && <DeliveryLog key={logged.id} hook={logged} onClose={() => setLogOf(null)} />}
      <WebhookFormDialog
        editing={form?.editing}
        visible={form !== null}
        onHide={() => setForm(null)}
        onSecret={(s) => {
          setForm(null);
          setSecret(s);
        }}
      />
      <WebhookSecretDialog secret={secret} onHide={() => setSecret(null)} />
    </div>
  );
}
