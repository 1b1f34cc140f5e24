import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, InputText, InputTextarea } from '../ui';

/** One labelled input of an editor dialog, with its error. */
function DialogField({
  id,
  label,
  value,
  onChange,
  error,
  multiline,
  type = 'text',
  autoFocus,
}: {
  id: string;
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  multiline?: boolean;
  type?: string;
  autoFocus?: boolean;
}) {
  const common = { id, value, invalid: !!error, 'aria-invalid': !!error, 'aria-describedby': error ? `${id}_error` : undefined, autoFocus };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <InputTextarea {...common} rows={8} className="md-code-input" onChange={(e) => onChange(e.target.value)} />
      ) : (
        <InputText {...common} type={type} onChange={(e) => onChange(e.target.value)} />
      )}
      {error && (
        <small id={`${id}_error`} className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

/** A small form in a dialog: Insert checks the required field first. */
function InsertDialog({
  header,
  onHide,
  onSubmit,
  children,
  extra,
}: {
  header: string;
  onHide(): void;
  onSubmit(): void;
  children: ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    onSubmit();
  };
  return (
    <Dialog header={header} visible onHide={onHide} style={{ width: 'min(32rem, 94vw)' }} className="md-dialog">
      {extra}
      <form className="stack" onSubmit={submit} noValidate>
        {children}
        <div className="form-buttons dialog-buttons">
          <Button type="button" text label={t('common.cancel')} onClick={onHide} />
          <Button type="submit" label={t('qa.insert')} />
        </div>
      </form>
    </Dialog>
  );
}

/** Link: URL (required) and text. */
export function LinkDialog({
  idPrefix,
  initialText,
  onInsert,
  onHide,
}: {
  idPrefix: string;
  initialText: string;
  onInsert(url: string, text: string): void;
  onHide(): void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('https://');
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | undefined>();
  return (
    <InsertDialog
      header={t('qa.link_dialog')}
      onHide={onHide}
      onSubmit={() => {
        const u = url.trim();
        if (!u || u === 'https://' || u === 'http://') return setError(t('qa.url_required'));
        onInsert(u, text.trim());
      }}
    >
      <DialogField
        id={`${idPrefix}-link-url`}
        label={t('qa.link_url')}
        type="url"
        value={url}
        onChange={(v) => {
          setUrl(v);
          setError(undefined);
        }}
        error={error}
        autoFocus
      />
      <DialogField id={`${idPrefix}-link-text`} label={t('qa.link_text')} value={text} onChange={setText} />
    </InsertDialog>
  );
}

/** Image: upload (button) or a URL (required), with a description. */
export function ImageDialog({
  idPrefix,
  uploading,
  uploadError,
  onPick,
  onInsert,
  onHide,
}: {
  idPrefix: string;
  uploading: boolean;
  uploadError?: string;
  onPick(): void;
  onInsert(url: string, alt: string): void;
  onHide(): void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <InsertDialog
      header={t('qa.image_dialog')}
      onHide={onHide}
      onSubmit={() => {
        if (!url.trim()) return setError(t('qa.image_required'));
        onInsert(url.trim(), alt.trim());
      }}
      extra={
        <section className="md-upload stack" aria-labelledby={`${idPrefix}-upload-title`}>
          <h3 id={`${idPrefix}-upload-title`} className="md-dialog-sub">
            {t('qa.image_upload_tab')}
          </h3>
          <div>
            <Button type="button" outlined icon="upload" label={t('qa.image_choose')} loading={uploading} onClick={onPick} />
          </div>
          {uploadError ? (
            <small className="field-error" role="alert">
              {uploadError}
            </small>
          ) : (
            <small className="field-hint">{t('qa.image_drop_hint')}</small>
          )}
          <h3 className="md-dialog-sub">{t('qa.image_url_tab')}</h3>
        </section>
      }
    >
      <DialogField
        id={`${idPrefix}-image-url`}
        label={t('qa.image_url')}
        type="url"
        value={url}
        onChange={(v) => {
          setUrl(v);
          setError(undefined);
        }}
        error={error}
      />
      <DialogField id={`${idPrefix}-image-alt`} label={t('qa.image_desc')} value={alt} onChange={setAlt} />
    </InsertDialog>
  );
}

/** Code block: the code (required) and its language. */
export function CodeDialog({
  idPrefix,
  initialCode,
  onInsert,
  onHide,
}: {
  idPrefix: string;
  initialCode: string;
  onInsert(code: string, lang: string): void;
  onHide(): void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState(initialCode);
  const [lang, setLang] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <InsertDialog
      header={t('qa.code_dialog')}
      onHide={onHide}
      onSubmit={() => {
        if (!code.trim()) return setError(t('qa.code_required'));
        onInsert(code.replace(/\s+$/, ''), lang.trim());
      }}
    >
      <DialogField id={`${idPrefix}-code-lang`} label={t('qa.code_lang')} value={lang} onChange={setLang} />
      <DialogField
        id={`${idPrefix}-code-text`}
        label={t('qa.code_text')}
        value={code}
        onChange={(v) => {
          setCode(v);
          setError(undefined);
        }}
        error={error}
        multiline
        autoFocus
      />
    </InsertDialog>
  );
}
