import type { ChangeEvent, KeyboardEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagInput } from '../../../api/question/types';
import { CreateTagDialog } from '../../../components/CreateTagDialog';
import { TagOptions } from './TagOptions';
import { TagTokens } from './TagTokens';
import { MAX_TAGS } from './useTagChoices';
import { useTagPicker } from './useTagPicker';

export { MAX_TAGS, tagSlug } from './useTagChoices';

interface PickerProps {
  id: string;
  label: string;
  value: TagInput[];
  onChange(tags: TagInput[]): void;
  error?: string;
  hint: string;
}

/** The picker's text box: a combobox over the suggestions' listbox (disabled once the question has all its tags). */
function TagCombobox(p: {
  ref: Ref<HTMLInputElement>;
  id: string;
  listId: string;
  activeId?: string;
  shown: boolean;
  error?: string;
  text: string;
  full: boolean;
  onChange(e: ChangeEvent<HTMLInputElement>): void;
  onKeyDown(e: KeyboardEvent<HTMLInputElement>): void;
  onOpen(open: boolean): void;
}) {
  const { t } = useTranslation();
  return (
    <input
      ref={p.ref}
      id={p.id}
      className="tag-input"
      role="combobox"
      autoComplete="off"
      aria-autocomplete="list"
      aria-expanded={p.shown}
      aria-controls={p.listId}
      aria-activedescendant={p.activeId}
      aria-invalid={!!p.error}
      aria-describedby={p.error ? `${p.id}_error` : `${p.id}_hint`}
      value={p.text}
      disabled={p.full}
      placeholder={p.full ? t('ask.tags_max', { max: MAX_TAGS }) : undefined}
      onChange={p.onChange}
      onKeyDown={p.onKeyDown}
      onFocus={() => p.onOpen(true)}
      onBlur={() => p.onOpen(false)}
    />
  );
}

/** The error, or else the hint, under the picker. */
function PickerFoot({ id, error, hint }: { id: string; error?: string; hint: string }) {
  return error ? (
    <small id={`${id}_error`} className="field-error" role="alert">
      {error}
    </small>
  ) : (
    <small id={`${id}_hint`} className="field-hint">
      {hint}
    </small>
  );
}

/**
 * Tag picker: a combobox with suggestions from GET question/tags. Enter, comma or Tab take the typed
 * name as a tag: an existing tag when one has that name, else a new tag that posting the question
 * creates (for those who may add tags, GET permission tag.add; others are told there is no such tag).
 * Arrows pick a suggestion instead. Focus stays in the input throughout, the suggestions close on
 * each choice, and they take room in the form rather than covering what is below. The create-tag
 * dialog (to give a new tag a description) opens only when its option is chosen. Options react on
 * mousedown so choosing one never loses the input's focus.
 */
export function TagPicker({ id, label, value, onChange, error, hint }: PickerProps) {
  const { t } = useTranslation();
  const p = useTagPicker({ value, onChange });
  return (
    <div className="field tag-picker">
      <label htmlFor={id}>{label}</label>
      <div className="tag-anchor">
        <div className={error ? 'tag-box p-inputtext p-invalid' : 'tag-box p-inputtext'} onClick={p.focus}>
          <TagTokens value={value} fresh={p.fresh} onRemove={p.drop} />
          <TagCombobox
            ref={p.input}
            id={id}
            listId={p.listId}
            activeId={p.shown && p.active >= 0 ? `${p.listId}-${p.active}` : undefined}
            shown={p.shown}
            error={error}
            text={p.text}
            full={p.full}
            onChange={p.onType}
            onKeyDown={p.onKeyDown}
            onOpen={p.setOpen}
          />
        </div>
        <TagOptions listId={p.listId} options={p.options} active={p.active} shown={p.shown} onChoose={p.choose} />
      </div>
      {p.noMatch && (
        <small className="field-hint" role="status">
          {t('tags.picker_no_match', { name: p.noMatch })}
        </small>
      )}
      <CreateTagDialog visible={p.creating !== null} name={p.creating ?? ''} onHide={p.hideCreate} onCreated={p.created} />
      <PickerFoot id={id} error={error} hint={hint} />
    </div>
  );
}
