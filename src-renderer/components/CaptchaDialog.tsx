import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, InputText } from './ui';
import { AltchaWidget } from './altcha/AltchaWidget';
import type { CaptchaFields, CaptchaRecord } from '../api/user/types';

/** Props of the captcha dialog. */
export interface CaptchaDialogProps {
  record: CaptchaRecord | null;
  error?: string;
  onSubmit(fields: CaptchaFields): void;
  onRefresh(): void;
  onCancel(): void;
}

/**
 * The server's captcha: altcha's checkbox, whose proof-of-work payload is sent as captcha_code,
 * or (where the page cannot run it, or the server sends one) an image whose code is typed.
 */
export function CaptchaDialog({ record, error, onSubmit, onRefresh, onCancel }: CaptchaDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog header={t('captcha.title')} visible={!!record} onHide={onCancel} style={{ width: 'min(24rem, 92vw)' }}>
      {record && <CaptchaForm key={record.captcha_id} record={record} error={error} onSubmit={onSubmit} onRefresh={onRefresh} />}
    </Dialog>
  );
}

/** The dialog's form for one captcha (a new captcha starts it afresh). */
function CaptchaForm({ record, error, onSubmit, onRefresh }: Omit<CaptchaDialogProps, 'onCancel' | 'record'> & { record: CaptchaRecord }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const altcha = record.altcha;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setEmpty(true);
      return;
    }
    onSubmit({ captcha_id: record.captcha_id, captcha_code: code.trim() });
    setCode('');
  };
  const shown = empty ? t(altcha ? 'captcha.altcha_required' : 'captcha.required') : error;
  return (
    <form onSubmit={submit} className="stack" noValidate>
      {altcha ? (
        <>
          <p>{t('captcha.altcha_prompt')}</p>
          <AltchaWidget
            challenge={altcha}
            onPayload={(p) => {
              setCode(p ?? '');
              if (p) setEmpty(false);
            }}
            onExpired={onRefresh}
          />
        </>
      ) : (
        <>
          <p>{t('captcha.prompt')}</p>
          {record.captcha_img && <img className="captcha-img" src={record.captcha_img} alt={t('captcha.image_alt')} />}
          <Button type="button" link label={t('captcha.refresh')} onClick={onRefresh} />
          <label htmlFor="captcha_code">{t('captcha.label')}</label>
          <InputText
            id="captcha_code"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setEmpty(false);
            }}
            invalid={!!shown}
            aria-describedby="captcha_code_error"
            autoFocus
          />
        </>
      )}
      {shown && (
        <small id="captcha_code_error" className="field-error" role="alert">
          {shown}
        </small>
      )}
      <Button type="submit" label={t('captcha.verify')} />
    </form>
  );
}
