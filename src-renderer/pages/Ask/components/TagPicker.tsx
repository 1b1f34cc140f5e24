import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagInput } from '../../../api/question/types';
import { usePermissions, useTagSearch } from '../../../api/tag/tag-query';
import { sessionFlags, useSession } from '../../../app/session';
import { CreateTagDialog } from '../../../components/CreateTagDialog';
import { useDebounced } from '../../../hooks/useDebounced';
import { TagOptions, tagOptions, type TagOption } from './TagOptions';
import { TagTokens } from './TagTokens';
import { asName, MAX_TAGS, useTagChoices } from './useTagChoices';

export { MAX_TAGS, tagSlug } from './useTagChoices';

interface PickerProps {
  id: string;
  label: string;
  value: TagInput[];
  onChange(tags: TagInput[]): void;
  error?: string;
  hint: string;
}

/** Whether the signed-in member may add tags (until it is known, yes: the server decides when posting). */
function useMayAddTags(): boolean {
  const { user } = useSession();
  const permission = usePermissions(['tag.add'], sessionFlags(user).normal);
  return permission.data ? !!permission.data['tag.add']?.has_permission : true;
}

/** The suggestions for the typed text, once it has settled and its lookup answered. */
function useSuggestions(text: string, value: TagInput[], mayAdd: boolean) {
  const typed = asName(text);
  const settled = useDebounced(typed, 200);
  const search = useTagSearch(settled);
  const full = value.length >= MAX_TAGS;
  const found = settled && settled === typed && search.data && !full ? search.data : null;
  const { options, unknown } = found
    ? tagOptions(settled, found, new Set(value.map((v) => v.slug_name)), mayAdd)
    : { options: [] as TagOption[], unknown: false };
  return { typed, settled, options, unknown, full };
}

/** What the picker's keys act on. */
interface KeyTarget {
  options: TagOption[];
  shown: boolean;
  active: number;
  typed: string;
  text: string;
  value: TagInput[];
  setOpen(open: boolean): void;
  setActive(f: (a: number) => number): void;
  choose(o: TagOption): void;
  commit(name: string): void;
  close(clear: boolean): void;
  focus(): void;
  drop(slug: string): void;
}

/** The keys of the picker's input: arrows move through the suggestions, Enter and Tab take a tag, Escape closes, Backspace drops the last tag. */
function onPickerKey(e: KeyboardEvent<HTMLInputElement>, k: KeyTarget): void {
  const { options } = k;
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    k.setOpen(true);
    if (options.length) k.setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % options.length : (a - 1 + options.length) % options.length));
  } else if (e.key === 'Enter') {
    // Enter takes the tag and never submits the form from here
    e.preventDefault();
    if (k.shown && options[k.active]) k.choose(options[k.active]);
    else if (k.typed) {
      k.commit(k.typed);
      k.close(true);
      k.focus();
    }
  } else if (e.key === 'Tab' && k.typed && !e.shiftKey) {
    // the typed name is kept as a tag and focus moves on as usual
    k.commit(k.typed);
    k.close(true);
  } else if (e.key === 'Escape') k.close(false);
  else if (e.key === 'Backspace' && !k.text && k.value.length) k.drop(k.value[k.value.length - 1].slug_name);
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
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [creating, setCreating] = useState<string | null>(null);
  const mayAdd = useMayAddTags();
  const { fresh, refused, setRefused, take, commit, remove } = useTagChoices({ value, onChange, mayAdd });
  const { typed, settled, options, unknown, full } = useSuggestions(text, value, mayAdd);
  const shown = open && options.length > 0;
  const focus = () => input.current?.focus();
  const close = (clear: boolean) => {
    if (clear) setText('');
    setOpen(false);
    setActive(-1);
  };

  const choose = (o: TagOption) => {
    if (o.kind === 'describe') {
      close(false);
      setCreating(o.display_name);
      return;
    }
    if (!full) take({ slug_name: o.slug_name, display_name: o.display_name }, o.kind === 'add');
    setRefused(null);
    close(true);
    focus();
  };
  const drop = (slug: string) => {
    remove(slug);
    focus();
  };
  const onType = (e: ChangeEvent<HTMLInputElement>) => {
    // a comma ends a name (typed or pasted "a, b, c"): what comes before each comma becomes a tag
    const parts = e.target.value.split(',');
    const rest = parts.pop() ?? '';
    for (const p of parts) commit(p);
    setText(rest);
    setOpen(true);
    setActive(-1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) =>
    onPickerKey(e, { options, shown, active, typed, text, value, setOpen, setActive, choose, commit, close, focus, drop });

  const noMatch = refused ?? (open && unknown && !mayAdd ? settled : null);
  return (
    <div className="field tag-picker">
      <label htmlFor={id}>{label}</label>
      <div className="tag-anchor">
        <div className={error ? 'tag-box p-inputtext p-invalid' : 'tag-box p-inputtext'} onClick={focus}>
          <TagTokens value={value} fresh={fresh} onRemove={drop} />
          <TagCombobox
            ref={input}
            id={id}
            listId={listId}
            activeId={shown && active >= 0 ? `${listId}-${active}` : undefined}
            shown={shown}
            error={error}
            text={text}
            full={full}
            onChange={onType}
            onKeyDown={onKeyDown}
            onOpen={setOpen}
          />
        </div>
        <TagOptions listId={listId} options={options} active={active} shown={shown} onChoose={choose} />
      </div>
      {noMatch && (
        <small className="field-hint" role="status">
          {t('tags.picker_no_match', { name: noMatch })}
        </small>
      )}
      <CreateTagDialog
        visible={creating !== null}
        name={creating ?? ''}
        onHide={() => {
          setCreating(null);
          focus();
        }}
        onCreated={(tag) => {
          setCreating(null);
          take(tag, false);
          setText('');
          focus();
        }}
      />
      <PickerFoot id={id} error={error} hint={hint} />
    </div>
  );
}
