import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResendDelivery } from '../../../api/webhook/webhook-mutations';
import { DELIVERY_PAGE_SIZE, useDeliveries } from '../../../api/webhook/webhooks-query';
import type { WebhookDeliveryInfo, WebhookInfo } from '../../../api/webhook/types';
import { useFeedback } from '../../../components/Feedback';
import { TimeAgo } from '../../../components/TimeAgo';
import { Button } from '../../../components/ui';

function DeliveryRow({ d }: { d: WebhookDeliveryInfo }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const resend = useResendDelivery();
  return (
    <tr data-delivery={d.id} data-status={d.status}>
      <td data-label={t('admin_webhook.col_time')}>
        <TimeAgo seconds={d.created_at} />
        {d.resent_from && <small className="muted"> · {t('admin_webhook.resent_from', { id: d.resent_from })}</small>}
      </td>
      <td data-label={t('admin_webhook.col_event')}>{t(`admin_webhook.event.${d.event_type}`)}</td>
      <td data-label={t('admin_webhook.col_status')}>
        <span className={`webhook-status webhook-status-${d.status}`}>{t(`admin_webhook.status.${d.status}`)}</span>
        {d.status === 'pending' && d.attempts > 0 && (
          <small className="muted">
            {' '}
            · {t('admin_webhook.next_try', { time: new Date(d.next_attempt_at * 1000).toLocaleTimeString() })}
          </small>
        )}
      </td>
      <td data-label={t('admin_webhook.col_code')}>{d.response_code ?? '—'}</td>
      <td data-label={t('admin_webhook.col_duration')}>
        {d.response_ms === null ? '—' : t('admin_webhook.duration_ms', { ms: d.response_ms })}
      </td>
      <td data-label={t('admin_webhook.col_attempts')}>{d.attempts}</td>
      <td data-label={t('admin_webhook.col_response')} className="webhook-response">
        <code>{d.error || d.response_excerpt.slice(0, 120)}</code>
      </td>
      <td>
        <Button
          type="button"
          size="small"
          text
          icon="replay"
          label={t('admin_webhook.resend')}
          aria-label={t('admin_webhook.resend_name', { id: d.id })}
          loading={resend.isPending}
          onClick={() => resend.mutate(d.id, { onSuccess: () => feedback.toast('success', t('admin_webhook.resent')) })}
        />
      </td>
    </tr>
  );
}

/** One hook's delivery log, newest first, a page at a time: status, HTTP code, response time, resend. */
export function DeliveryLog({ hook, onClose }: { hook: WebhookInfo; onClose(): void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useDeliveries(hook.id, page);
  const pages = Math.max(1, Math.ceil((log.data?.count ?? 0) / DELIVERY_PAGE_SIZE));
  const list = log.data?.list ?? [];
  return (
    <section className="webhook-log" aria-labelledby="webhook_log_title">
      <div className="webhook-log-head">
        <h2 id="webhook_log_title">{t('admin_webhook.log_title', { url: hook.url })}</h2>
        <Button type="button" size="small" text icon="close" label={t('admin_webhook.log_close')} onClick={onClose} />
      </div>
      {log.isSuccess && list.length === 0 && <p>{t('admin_webhook.log_empty')}</p>}
      {list.length > 0 && (
        <table className="webhook-table" aria-label={t('admin_webhook.log_label')}>
          <thead>
            <tr>
              <th scope="col">{t('admin_webhook.col_time')}</th>
              <th scope="col">{t('admin_webhook.col_event')}</th>
              <th scope="col">{t('admin_webhook.col_status')}</th>
              <th scope="col">{t('admin_webhook.col_code')}</th>
              <th scope="col">{t('admin_webhook.col_duration')}</th>
              <th scope="col">{t('admin_webhook.col_attempts')}</th>
              <th scope="col">{t('admin_webhook.col_response')}</th>
              <th scope="col">{t('admin_webhook.col_actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((d) => (
              <DeliveryRow key={d.id} d={d} />
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <nav className="webhook-pages" aria-label={t('admin_webhook.log_label')}>
          <Button
            type="button"
            size="small"
            outlined
            label={t('admin_webhook.previous')}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          />
          <span>{t('admin_webhook.page_of', { page, pages })}</span>
          <Button
            type="button"
            size="small"
            outlined
            label={t('admin_webhook.next')}
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          />
        </nav>
      )}
    </section>
  );
}
