import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../components/Feedback';
import { Button, Dialog, InputText, Message } from '../../../components/ui';

/** A hook's new secret, shown this once with a copy button (the list shows only its last characters). */
export function WebhookSecretDialog({ secret, onHide }: { secret: string | null; onHide(): void }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
    } catch {
      // without the clipboard API (or its permission) the selected text is copied the old way
      input.current?.select();
      document.execCommand('copy');
    }
    feedback.toast('success', t('admin_webhook.copied'));
  };
  return (
    <Dialog
      header={t('admin_webhook.secret_title')}
      visible={secret !== null}
      onHide={onHide}
      style={{ width: 'min(40rem, 94vw)' }}
      className="webhook-dialog"
      blockScroll
      footer={<Button type="button" label={t('admin_webhook.done')} onClick={onHide} />}
    >
      <div className="stack">
        <Message severity="warn" text={t('admin_webhook.secret_text')} />
        <div className="field">
          <label htmlFor="webhook_secret">{t('admin_webhook.secret_label')}</label>
          <div className="webhook-secret">
            <InputText id="webhook_secret" ref={input} value={secret ?? ''} readOnly onFocus={(e) => e.target.select()} />
            <Button type="button" icon="copy" label={t('admin_webhook.copy')} onClick={() => void copy()} />
          </div>
        </div>
      </div>
    </Dialog>
  );
}
