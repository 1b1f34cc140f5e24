import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { formFieldErrors } from '../../../hooks/useFormError';
import { useCreateWebhook, useUpdateWebhook } from '../../../api/webhook/webhook-mutations';
import { WEBHOOK_EVENTS, type WebhookEvent, type WebhookInfo, type WebhookWithSecret } from '../../../api/webhook/types';
import { Field } from '../../../components/Field';
import { Button, Checkbox, Dialog, Message } from '../../../components/ui';

/** Add or edit a hook: URL, description, events, active, LAN targets; editing can replace the secret. */
export function WebhookFormDialog({
  editing,
  visible,
  onHide,
  onSecret,
}: {
  /** the hook being edited; undefined to add one */
  editing?: WebhookInfo;
  visible: boolean;
  onHide(): void;
  /** a new secret to show once (a new hook, or a replaced secret) */
  onSecret(secret: string): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      header={editing ? t('admin_webhook.form_edit_title') : t('admin_webhook.form_add_title')}
      visible={visible}
      onHide={onHide}
      style={{ width: 'min(36rem, 94vw)' }}
      className="webhook-dialog"
      blockScroll
    >
      {visible && <HookForm key={editing?.id ?? 'new'} editing={editing} onHide={onHide} onSecret={onSecret} />}
    </Dialog>
  );
}

function Check({
  id,
  label,
  checked,
  onChange,
  hint,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange(v: boolean): void;
  hint?: string;
}) {
  return (
    <div className="webhook-check">
      <Checkbox
        inputId={id}
        checked={checked}
        onChange={(e) => onChange(Boolean(e.checked))}
        aria-describedby={hint ? `${id}_hint` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <small id={`${id}_hint`} className="muted">
          {hint}
        </small>
      )}
    </div>
  );
}

function HookForm({ editing, onHide, onSecret }: { editing?: WebhookInfo; onHide(): void; onSecret(secret: string): void }) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [url, setUrl] = useState(editing?.url ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(editing?.events ?? []);
  const [active, setActive] = useState(editing?.active ?? true);
  const [allowLan, setAllowLan] = useState(editing?.allow_lan ?? false);
  const [rotate, setRotate] = useState(false);
  const error = editing ? update.error : create.error;
  const errors = formFieldErrors(error);
  const toggle = (e: WebhookEvent, on: boolean) => setEvents((list) => (on ? [...list, e] : list.filter((x) => x !== e)));
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const input = { url: url.trim(), description, events, active, allow_lan: allowLan };
    const done = (r: WebhookInfo | WebhookWithSecret) => ('secret' in r ? onSecret(r.secret) : onHide());
    if (editing) update.mutate({ id: editing.id, ...input, rotate_secret: rotate }, { onSuccess: done });
    else create.mutate(input, { onSuccess: done });
  };
  return (
    <form className="stack webhook-form" onSubmit={submit} noValidate>
      <Field
        id="webhook_url"
        label={t('admin_webhook.url')}
        value={url}
        onChange={setUrl}
        error={errors.url}
        hint={t('admin_webhook.url_hint')}
        autoFocus
      />
      <Field
        id="webhook_description"
        label={t('admin_webhook.description')}
        value={description}
        onChange={setDescription}
        error={errors.description}
        hint={t('admin_webhook.description_hint')}
      />
      <fieldset className="webhook-events">
        <legend>{t('admin_webhook.events_label')}</legend>
        {WEBHOOK_EVENTS.map((e) => (
          <Check
            key={e}
            id={`webhook_event_${e.replace('.', '_')}`}
            label={t(`admin_webhook.event.${e}`)}
            checked={events.includes(e)}
            onChange={(on) => toggle(e, on)}
          />
        ))}
        {errors.events && (
          <small className="field-error" role="alert">
            {errors.events}
          </small>
        )}
      </fieldset>
      <Check id="webhook_active" label={t('admin_webhook.active_label')} checked={active} onChange={setActive} />
      <Check
        id="webhook_allow_lan"
        label={t('admin_webhook.allow_lan_label')}
        checked={allowLan}
        onChange={setAllowLan}
        hint={t('admin_webhook.allow_lan_hint')}
      />
      {editing && <Check id="webhook_rotate" label={t('admin_webhook.rotate_label')} checked={rotate} onChange={setRotate} />}
      {error instanceof ApiError && Object.keys(errors).length === 0 && <Message severity="error" text={error.message} />}
      <div className="form-buttons">
        <Button
          type="submit"
          label={editing ? t('admin_webhook.save') : t('admin_webhook.create')}
          loading={create.isPending || update.isPending}
        />
        <Button type="button" link label={t('common.cancel')} onClick={onHide} />
      </div>
    </form>
  );
}
