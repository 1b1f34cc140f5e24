import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import type { TagInput } from '../../../api/question/types';
import { usePermissions, useTagSearch } from '../../../api/tag/tag-query';
import { sessionFlags, useSession } from '../../../app/session';
import { useDebounced } from '../../../hooks/useDebounced';
import { tagOptions, type TagOption } from './TagOptions';
import { asName, MAX_TAGS, useTagChoices } from './useTagChoices';

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

/**
 * The tag picker's state: the typed text, whether the suggestions are open and which is active, the
 * tag being created; `choose`, `drop`, `onType` and `onKeyDown` act on them, `created` takes a tag
 * the create-tag dialog made.
 */
export function useTagPicker({ value, onChange }: { value: TagInput[]; onChange(tags: TagInput[]): void }) {
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

  return {
    listId,
    input,
    text,
    setOpen,
    active,
    options,
    shown,
    full,
    fresh,
    /** The name with no tag to tell the member about, if any. */
    noMatch: refused ?? (open && unknown && !mayAdd ? settled : null),
    focus,
    choose,
    drop,
    onType,
    onKeyDown,
    creating,
    hideCreate: () => {
      setCreating(null);
      focus();
    },
    created: (tag: TagInput) => {
      setCreating(null);
      take(tag, false);
      setText('');
      focus();
    },
  };
}
