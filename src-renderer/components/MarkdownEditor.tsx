import { useCallback, useEffect, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, InputTextarea } from './ui';
import { LIMITS } from '../../server/contract/limits';
import { ApiError } from '../api/errors';
import { useUploadImage } from '../api/file/file-upload-mutation';
import { usePostPreview } from '../api/post/post-render-query';
import { useDebounced } from '../hooks/useDebounced';
import { useImagePicker, type PickedFile } from '../hooks/useImagePicker';
import { CodeDialog, ImageDialog, LinkDialog } from './editor/EditorDialogs';
import { block, fence, linkMarkdown, prefixLines, replace, TABLE_TEMPLATE, wrap, type TextState } from './editor/markdown-edits';
import type { IconName } from './Icon';
import { PostHtml } from './PostHtml';
import './editor/editor.css';

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

type DialogKind = 'link' | 'image' | 'code' | null;

/**
 * A markdown textarea with a toolbar (with dialogs where a value is needed), Ctrl+B / Ctrl+I / Ctrl+K,
 * image upload by button, paste and drop (images up to 4 MB), and a preview rendered by the server.
 */
export function MarkdownEditor({ id, label, value, onChange, error, hint, rows = 10 }: MarkdownEditorProps) {
  const { t } = useTranslation();
  const area = useRef<HTMLTextAreaElement>(null);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [dialog, setDialog] = useState<DialogKind>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useUploadImage();
  const preview = usePostPreview(useDebounced(value, 400));
  // an upload finishes later: it must insert into the text as it is then
  const latest = useRef(value);
  // the selection when a dialog opened (the textarea loses it to the dialog)
  const saved = useRef<{ start: number; end: number } | null>(null);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  const current = useCallback((): TextState => {
    const el = area.current;
    const v = latest.current;
    const sel = saved.current ?? { start: el?.selectionStart ?? v.length, end: el?.selectionEnd ?? v.length };
    return { value: v, start: Math.min(sel.start, v.length), end: Math.min(sel.end, v.length) };
  }, []);

  /** Applies an edit to the current text and puts the selection where the edit says. */
  const apply = useCallback(
    (edit: (s: TextState) => TextState) => {
      const next = edit(current());
      saved.current = null;
      latest.current = next.value;
      onChange(next.value);
      requestAnimationFrame(() => {
        const el = area.current;
        if (!el) return;
        el.focus();
        el.setSelectionRange(next.start, next.end);
      });
    },
    [current, onChange],
  );

  /** Kept for the old callers' shape: wrap, or replace with `text`. */
  const insert = useCallback(
    (before: string, after = '', placeholder = '', text?: string) =>
      apply((s) => (text === undefined ? wrap(s, before, after, placeholder) : replace(s, text))),
    [apply],
  );

  const openDialog = (kind: DialogKind) => {
    const el = area.current;
    saved.current = { start: el?.selectionStart ?? latest.current.length, end: el?.selectionEnd ?? latest.current.length };
    setUploadError(undefined);
    setDialog(kind);
  };
  const closeDialog = () => {
    setDialog(null);
    requestAnimationFrame(() => area.current?.focus());
  };

  const uploadFile = useCallback(
    async (file: PickedFile) => {
      setUploadError(undefined);
      if (!file.type.startsWith('image/')) return setUploadError(t('editor.image_only'));
      if (file.blob.size > LIMITS.uploadBytes) return setUploadError(t('editor.image_too_big', { mb: LIMITS.uploadBytes / 1024 / 1024 }));
      try {
        const url = await upload.mutateAsync({ file: file.blob, name: file.name });
        insert('', '', '', linkMarkdown(url, '', true));
        setDialog(null);
      } catch (e) {
        setUploadError(e instanceof ApiError ? (e.fieldErrors[0]?.error_msg ?? e.message) : t('error.generic'));
      }
    },
    [insert, t, upload],
  );
  const picker = useImagePicker((f) => void uploadFile(f));

  /** Pasted or dropped files: images are uploaded, anything else is refused with the existing message. */
  const takeFiles = (files: FileList | null | undefined): boolean => {
    const list = files ? Array.from(files) : [];
    if (list.length === 0) return false;
    const el = area.current;
    saved.current = { start: el?.selectionStart ?? latest.current.length, end: el?.selectionEnd ?? latest.current.length };
    const image = list.find((f) => f.type.startsWith('image/'));
    const f = image ?? list[0];
    void uploadFile({ blob: f, name: f.name || 'pasted.png', type: f.type });
    return true;
  };
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    if (e.clipboardData.files.length > 0 && takeFiles(e.clipboardData.files)) e.preventDefault();
  };
  const onDrop = (e: DragEvent<HTMLTextAreaElement>) => {
    setDragging(false);
    if (e.dataTransfer.files.length > 0) {
      e.preventDefault();
      takeFiles(e.dataTransfer.files);
    }
  };

  const tools = {
    heading: () => apply((s) => prefixLines(s, () => '## ', t('qa.ed_heading_placeholder'))),
    bold: () => insert('**', '**', t('editor.bold_placeholder')),
    italic: () => insert('_', '_', t('editor.italic_placeholder')),
    code: () => insert('`', '`', t('editor.code_placeholder')),
    quote: () => apply((s) => prefixLines(s, () => '> ', t('qa.ed_quote_placeholder'))),
    ol: () => apply((s) => prefixLines(s, (i) => `${i + 1}. `, t('qa.ed_list_placeholder'))),
    ul: () => apply((s) => prefixLines(s, () => '- ', t('qa.ed_list_placeholder'))),
    table: () => apply((s) => block(s, TABLE_TEMPLATE)),
    hr: () => apply((s) => block(s, '---')),
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
    const k = e.key.toLowerCase();
    if (k === 'b') tools.bold();
    else if (k === 'i') tools.italic();
    else if (k === 'k') openDialog('link');
    else return;
    e.preventDefault();
  };

  const tool = (
    name: string,
    icon: IconName | null,
    onClick: () => void,
    opts: { text?: string; keys?: string; className?: string; loading?: boolean } = {},
  ) => (
    <Button
      type="button"
      text
      size="small"
      className={`md-tool ${opts.className ?? ''}`}
      icon={icon ?? undefined}
      label={opts.text}
      aria-label={name}
      title={opts.keys ? t('qa.ed_shortcut', { name, keys: opts.keys }) : name}
      aria-keyshortcuts={opts.keys?.replace('Ctrl', 'Control')}
      loading={opts.loading}
      onClick={onClick}
    />
  );

  const shownError = error ?? uploadError;
  const describedBy = [shownError ? `${id}_error` : '', hint ? `${id}_hint` : ''].filter(Boolean).join(' ') || undefined;
  const sel = () => {
    const s = current();
    return s.value.slice(s.start, s.end);
  };
  return (
    <div className="field md-editor">
      <label htmlFor={id}>{label}</label>
      <div className="md-toolbar" role="toolbar" aria-label={t('editor.toolbar')} aria-controls={id}>
        {tool(t('qa.ed_heading'), null, tools.heading, { text: 'H', className: 'md-heading' })}
        {tool(t('editor.bold'), null, tools.bold, { text: 'B', keys: 'Ctrl+B', className: 'md-bold' })}
        {tool(t('editor.italic'), null, tools.italic, { text: 'I', keys: 'Ctrl+I', className: 'md-italic' })}
        <span className="md-sep" aria-hidden="true" />
        {tool(t('editor.link'), 'link', () => openDialog('link'), { keys: 'Ctrl+K' })}
        {tool(t('editor.image'), 'image', () => openDialog('image'), { loading: upload.isPending })}
        {tool(t('editor.code'), null, tools.code, { text: '</>', className: 'md-code' })}
        {tool(t('qa.ed_code_block'), 'code-block', () => openDialog('code'))}
        {tool(t('qa.ed_quote'), null, tools.quote, { text: '❝', className: 'md-quote' })}
        <span className="md-sep" aria-hidden="true" />
        {tool(t('qa.ed_ol'), 'list-ordered', tools.ol)}
        {tool(t('qa.ed_ul'), 'list', tools.ul)}
        {tool(t('qa.ed_table'), 'table', tools.table)}
        {tool(t('qa.ed_hr'), 'minus', tools.hr)}
        <input {...picker.inputProps} aria-label={t('editor.image')} />
      </div>
      <InputTextarea
        ref={area}
        id={id}
        name={id}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes('Files')) {
            e.preventDefault();
            setDragging(true);
          }
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        invalid={!!shownError}
        aria-invalid={!!shownError}
        aria-describedby={describedBy}
        aria-busy={upload.isPending || undefined}
        className={dragging ? 'md-input dragging' : 'md-input'}
      />
      {upload.isPending && (
        <small className="field-hint" role="status">
          {t('qa.uploading')}
        </small>
      )}
      {hint && !shownError && (
        <small id={`${id}_hint`} className="field-hint">
          {hint}
        </small>
      )}
      {shownError && (
        <small id={`${id}_error`} className="field-error" role="alert">
          {shownError}
        </small>
      )}
      {value.trim() && (
        <section className="md-preview" aria-label={t('editor.preview')}>
          <p className="md-preview-title" aria-hidden="true">
            {t('editor.preview')}
          </p>
          {preview.data !== undefined ? <PostHtml html={preview.data} /> : <p className="muted">{t('common.loading')}</p>}
        </section>
      )}
      {dialog === 'link' && (
        <LinkDialog
          idPrefix={id}
          initialText={sel()}
          onHide={closeDialog}
          onInsert={(url, text) => {
            setDialog(null);
            apply((s) => replace(s, text ? linkMarkdown(url, text) : `<${url}>`));
          }}
        />
      )}
      {dialog === 'image' && (
        <ImageDialog
          idPrefix={id}
          uploading={upload.isPending}
          uploadError={uploadError}
          onPick={() => void picker.pick()}
          onHide={closeDialog}
          onInsert={(url, alt) => {
            setDialog(null);
            apply((s) => replace(s, linkMarkdown(url, alt, true)));
          }}
        />
      )}
      {dialog === 'code' && (
        <CodeDialog
          idPrefix={id}
          initialCode={sel()}
          onHide={closeDialog}
          onInsert={(code, lang) => {
            setDialog(null);
            apply((s) => block(s, fence(code, lang)));
          }}
        />
      )}
    </div>
  );
}
