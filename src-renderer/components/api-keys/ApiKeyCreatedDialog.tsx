import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../Feedback';
import { Button, Dialog, InputText } from '../ui';

/** The new key, shown this once with a copy button (only its hash is kept on the server). */
export function ApiKeyCreatedDialog({ accessKey, onHide }: { accessKey: string | null; onHide(): void }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    if (!accessKey) return;
    try {
      await navigator.clipboard.writeText(accessKey);
    } catch {
      // without the clipboard API (or its permission) the selected text is copied the old way
      input.current?.select();
      document.execCommand('copy');
    }
    feedback.toast('success', t('api_keys.copied'));
  };
  return (
    <Dialog
      header={t('api_keys.created_title')}
      visible={accessKey !== null}
      onHide={onHide}
      style={{ width: 'min(40rem, 94vw)' }}
      className="api-key-dialog"
      blockScroll
      footer={<Button type="button" label={t('api_keys.done')} onClick={onHide} />}
    >
      <div className="stack">
        <p className="api-key-once" role="note">
          <strong>{t('api_keys.created_text')}</strong>
        </p>
        <div className="field">
          <label htmlFor="api_key_created">{t('api_keys.created_label')}</label>
          <div className="api-key-created">
            <InputText id="api_key_created" ref={input} value={accessKey ?? ''} readOnly onFocus={(e) => e.target.select()} />
            <Button type="button" icon="copy" label={t('api_keys.copy')} onClick={() => void copy()} />
          </div>
        </div>
      </div>
    </Dialog>
  );
}
