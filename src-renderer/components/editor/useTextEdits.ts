import { useCallback, useEffect, useRef } from 'react';
import { replace, wrap, type TextState } from './markdown-edits';

/**
 * The editor's text and selection as edits see them: `apply` runs an edit on the text as it is now
 * (an upload finishes later) and puts the selection where the edit says; `remember` keeps the
 * selection while a dialog or an upload takes the focus.
 */
export function useTextEdits(value: string, onChange: (value: string) => void) {
  const area = useRef<HTMLTextAreaElement>(null);
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

  /** Keeps the textarea's selection for an edit after it loses the focus. */
  const remember = () => {
    const el = area.current;
    saved.current = { start: el?.selectionStart ?? latest.current.length, end: el?.selectionEnd ?? latest.current.length };
  };
  /** The selected text. */
  const selected = () => {
    const s = current();
    return s.value.slice(s.start, s.end);
  };
  return { area, apply, insert, remember, selected };
}
