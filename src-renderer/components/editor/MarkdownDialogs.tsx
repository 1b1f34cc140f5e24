import { CodeDialog, ImageDialog, LinkDialog } from './EditorDialogs';
import { block, fence, linkMarkdown, replace, type TextState } from './markdown-edits';

/** Which of the editor's dialogs is open. */
export type DialogKind = 'link' | 'image' | 'code' | null;

/** The editor's open dialog (link, image or code block); each inserts its markdown with `apply`. */
export function MarkdownDialogs(p: {
  id: string;
  dialog: DialogKind;
  selected(): string;
  apply(edit: (s: TextState) => TextState): void;
  close(): void;
  hide(): void;
  uploading: boolean;
  uploadError?: string;
  pick(): void;
}) {
  const insert = (edit: (s: TextState) => TextState) => {
    p.close();
    p.apply(edit);
  };
  if (p.dialog === 'link')
    return (
      <LinkDialog
        idPrefix={p.id}
        initialText={p.selected()}
        onHide={p.hide}
        onInsert={(url, text) => insert((s) => replace(s, text ? linkMarkdown(url, text) : `<${url}>`))}
      />
    );
  if (p.dialog === 'image')
    return (
      <ImageDialog
        idPrefix={p.id}
        uploading={p.uploading}
        uploadError={p.uploadError}
        onPick={p.pick}
        onHide={p.hide}
        onInsert={(url, alt) => insert((s) => replace(s, linkMarkdown(url, alt, true)))}
      />
    );
  if (p.dialog === 'code')
    return (
      <CodeDialog
        idPrefix={p.id}
        initialCode={p.selected()}
        onHide={p.hide}
        onInsert={(code, lang) => insert((s) => block(s, fence(code, lang)))}
      />
    );
  return null;
}
