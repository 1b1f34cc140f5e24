import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../server/contract/limits';
import { ApiError } from '../api/errors';
import { useUploadImage } from '../api/file/file-upload-mutation';
import { usePostPreview } from '../api/post/post-render-query';
import { useDebounced } from '../hooks/useDebounced';
import { useImagePicker, type PickedFile } from '../hooks/useImagePicker';
import { PostHtml } from './PostHtml';

/** Props of the markdown editor. */
export interface MarkdownEditorProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: ReactNode;
  rows?: number;
}

/** A markdown textarea with a small toolbar, image upload and a preview rendered by the server. */
export function MarkdownEditor({ id, label, value, onChange, error, hint, rows = 10 }: MarkdownEditorProps) {
  const { t } = useTranslation();
  const area = useRef<HTMLTextAreaElement>(null);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const upload = useUploadImage();
  const preview = usePostPreview(useDebounced(value, 400));
  // an upload finishes later: it must insert into the text as it is then
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  /** Replaces the selection with before + (selection or placeholder) + after and selects the middle; `text` replaces the selection and puts the caret after it. */
  const insert = useCallback((before: string, after = '', placeholder = '', text?: string) => {
    const el = area.current;
    const value = latest.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const middle = text === undefined ? value.slice(start, end) || placeholder : '';
    const added = text ?? before + middle + after;
    const next = value.slice(0, start) + added + value.slice(end);
    latest.current = next;
    onChange(next);
    requestAnimationFrame(() => {
      if (!el) return;
      el.focus();
      if (text !== undefined) el.setSelectionRange(start + added.length, start + added.length);
      else el.setSelectionRange(start + before.length, start + before.length + middle.length);
    });
  }, [onChange]);

  const onPicked = useCallback(async (file: PickedFile) => {
    setUploadError(undefined);
    if (!file.type.startsWith('image/')) return setUploadError(t('editor.image_only'));
    if (file.blob.size > LIMITS.uploadBytes) return setUploadError(t('editor.image_too_big', { mb: LIMITS.uploadBytes / 1024 / 1024 }));
    try {
      const url = await upload.mutateAsync({ file: file.blob, name: file.name });
      insert('', '', '', `![](${url})`);
    } catch (e) {
      setUploadError(e instanceof ApiError ? (e.fieldErrors[0]?.error_msg ?? e.message) : t('error.generic'));
    }
  }, [insert, t, upload]);
  const picker = useImagePicker((f) => void onPicked(f));

  const shownError = error ?? uploadError;
  const describedBy = [shownError ? `${id}_error` : '', hint ? `${id}_hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field md-editor">
      <label htmlFor={id}>{label}</label>
      <div className="md-toolbar" role="toolbar" aria-label={t('editor.toolbar')} aria-controls={id}>
        <Button type="button" text size="small" className="md-tool md-bold" label="B" aria-label={t('editor.bold')} onClick={() => insert('**', '**', t('editor.bold_placeholder'))} />
        <Button type="button" text size="small" className="md-tool md-italic" label="I" aria-label={t('editor.italic')} onClick={() => insert('_', '_', t('editor.italic_placeholder'))} />
        <Button type="button" text size="small" className="md-tool" icon="pi pi-code" aria-label={t('editor.code')} onClick={() => insert('`', '`', t('editor.code_placeholder'))} />
        <Button type="button" text size="small" className="md-tool" icon="pi pi-link" aria-label={t('editor.link')} onClick={() => insert('[', '](https://)', t('editor.link_placeholder'))} />
        <Button type="button" text size="small" className="md-tool" icon="pi pi-image" label={t('editor.image')} loading={upload.isPending} onClick={() => void picker.pick()} />
        <input {...picker.inputProps} aria-label={t('editor.image')} />
      </div>
      <InputTextarea
        ref={area}
        id={id}
        name={id}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        invalid={!!shownError}
        aria-invalid={!!shownError}
        aria-describedby={describedBy}
        className="md-input"
      />
      {hint && !shownError && <small id={`${id}_hint`} className="field-hint">{hint}</small>}
      {shownError && <small id={`${id}_error`} className="field-error" role="alert">{shownError}</small>}
      {value.trim() && (
        <section className="md-preview" aria-label={t('editor.preview')}>
          <p className="md-preview-title" aria-hidden="true">{t('editor.preview')}</p>
          {preview.data !== undefined ? <PostHtml html={preview.data} /> : <p className="muted">{t('common.loading')}</p>}
        </section>
      )}
    </div>
  );
}
