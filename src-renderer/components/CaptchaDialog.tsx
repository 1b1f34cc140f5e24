import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, InputText } from './ui';
import type { CaptchaFields, CaptchaRecord } from '../api/user/types';

/** Props of the captcha dialog. */
export interface CaptchaDialogProps {
  record: CaptchaRecord | null;
  error?: string;
  onSubmit(fields: CaptchaFields): void;
  onRefresh(): void;
  onCancel(): void;
}

/** Shows the server's captcha image and asks for its code. */
export function CaptchaDialog({ record, error, onSubmit, onRefresh, onCancel }: CaptchaDialogProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setEmpty(true);
      return;
    }
    onSubmit({ captcha_id: record?.captcha_id, captcha_code: code.trim() });
    setCode('');
  };
  const shown = empty ? t('captcha.required') : error;
  return (
    <Dialog header={t('captcha.title')} visible={!!record} onHide={onCancel} style={{ width: 'min(24rem, 92vw)' }}>
      <form onSubmit={submit} className="stack" noValidate>
        <p>{t('captcha.prompt')}</p>
        {record?.captcha_img && <img className="captcha-img" src={record.captcha_img} alt={t('captcha.image_alt')} />}
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
        {shown && (
          <small id="captcha_code_error" className="field-error" role="alert">
            {shown}
          </small>
        )}
        <Button type="submit" label={t('captcha.verify')} />
      </form>
    </Dialog>
  );
}
