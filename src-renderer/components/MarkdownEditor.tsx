import { useCallback, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FieldFoot } from './Field';
import { InputTextarea } from './ui';
import { MarkdownDialogs, type DialogKind } from './editor/MarkdownDialogs';
import { MarkdownPreview } from './editor/MarkdownPreview';
import { MarkdownToolbar, type ToolbarActions } from './editor/MarkdownToolbar';
import { block, prefixLines, TABLE_TEMPLATE, type TextState } from './editor/markdown-edits';
import { useEditorUpload } from './editor/useEditorUpload';
import { useTextEdits } from './editor/useTextEdits';
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

/** The hint, the upload's progress and the error under the editor's textarea. */
function EditorFoot({ id, hint, error, uploading }: { id: string; hint?: ReactNode; error?: string; uploading: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {uploading && (
        <small className="field-hint" role="status">
          {t('qa.uploading')}
        </small>
      )}
      <FieldFoot id={id} hint={error ? undefined : hint} error={error} />
    </>
  );
}

/** The toolbar's (and shortcuts') edits: markdown around or before the selection, or a dialog that asks for a value. */
function toolbarActions(
  t: TFunction,
  apply: (edit: (s: TextState) => TextState) => void,
  insert: (before: string, after: string, placeholder: string) => void,
  openDialog: (kind: DialogKind) => void,
): ToolbarActions {
  return {
    heading: () => apply((s) => prefixLines(s, () => '## ', t('qa.ed_heading_placeholder'))),
    bold: () => insert('**', '**', t('editor.bold_placeholder')),
    italic: () => insert('_', '_', t('editor.italic_placeholder')),
    code: () => insert('`', '`', t('editor.code_placeholder')),
    quote: () => apply((s) => prefixLines(s, () => '> ', t('qa.ed_quote_placeholder'))),
    ol: () => apply((s) => prefixLines(s, (i) => `${i + 1}. `, t('qa.ed_list_placeholder'))),
    ul: () => apply((s) => prefixLines(s, () => '- ', t('qa.ed_list_placeholder'))),
    table: () => apply((s) => block(s, TABLE_TEMPLATE)),
    hr: () => apply((s) => block(s, '---')),
    link: () => openDialog('link'),
    image: () => openDialog('image'),
    codeBlock: () => openDialog('code'),
  };
}

/** Files pasted into or dropped on the textarea go to `take` (true when it took them); `dragging` while files hover. */
function useFileDrop(take: (files: FileList) => boolean) {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    onPaste: (e: ClipboardEvent<HTMLTextAreaElement>) => {
      if (e.clipboardData.files.length > 0 && take(e.clipboardData.files)) e.preventDefault();
    },
    onDragOver: (e: DragEvent<HTMLTextAreaElement>) => {
      if (e.dataTransfer.types.includes('Files')) {
        e.preventDefault();
        setDragging(true);
      }
    },
    onDragLeave: () => setDragging(false),
    onDrop: (e: DragEvent<HTMLTextAreaElement>) => {
      setDragging(false);
      if (e.dataTransfer.files.length > 0) {
        e.preventDefault();
        take(e.dataTransfer.files);
      }
    },
  };
}

/**
 * A markdown textarea with a toolbar (with dialogs where a value is needed), Ctrl+B / Ctrl+I / Ctrl+K,
 * image upload by button, paste and drop (images up to 4 MB), and a preview rendered by the server.
 */
export function MarkdownEditor({ id, label, value, onChange, error, hint, rows = 10 }: MarkdownEditorProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<DialogKind>(null);
  const { area, apply, insert, remember, selected } = useTextEdits(value, onChange);
  const upload = useEditorUpload(
    insert,
    useCallback(() => setDialog(null), []),
  );

  const openDialog = (kind: DialogKind) => {
    remember();
    upload.setUploadError(undefined);
    setDialog(kind);
  };
  const closeDialog = () => {
    setDialog(null);
    requestAnimationFrame(() => area.current?.focus());
  };
  /** Pasted or dropped files: images are uploaded, anything else is refused with the existing message. */
  const drop = useFileDrop((files) => {
    remember();
    return upload.takeFiles(files);
  });

  const act = toolbarActions(t, apply, insert, openDialog);
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
    const k = e.key.toLowerCase();
    if (k === 'b') act.bold();
    else if (k === 'i') act.italic();
    else if (k === 'k') act.link();
    else return;
    e.preventDefault();
  };

  const shownError = error ?? upload.uploadError;
  const describedBy = [shownError ? `${id}_error` : '', hint ? `${id}_hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field md-editor">
      <label htmlFor={id}>{label}</label>
      <MarkdownToolbar id={id} act={act} uploading={upload.uploading} fileInput={upload.picker.inputProps} />
      <InputTextarea
        ref={area}
        id={id}
        name={id}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={drop.onPaste}
        onDragOver={drop.onDragOver}
        onDragLeave={drop.onDragLeave}
        onDrop={drop.onDrop}
        invalid={!!shownError}
        aria-invalid={!!shownError}
        aria-describedby={describedBy}
        aria-busy={upload.uploading || undefined}
        className={drop.dragging ? 'md-input dragging' : 'md-input'}
      />
      <EditorFoot id={id} hint={hint} error={shownError} uploading={upload.uploading} />
      <MarkdownPreview value={value} />
      <MarkdownDialogs
        id={id}
        dialog={dialog}
        selected={selected}
        apply={apply}
        close={() => setDialog(null)}
        hide={closeDialog}
        uploading={upload.uploading}
        uploadError={upload.uploadError}
        pick={() => void upload.picker.pick()}
      />
    </div>
  );
}
