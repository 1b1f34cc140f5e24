import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../server/contract/limits';
import type { TagInput } from '../../../api/question/types';
import { tagKeys } from '../../../api/tag/keys';
import { searchTags, usePermissions, useTagSearch, type TagSuggestion } from '../../../api/tag/tag-query';
import { sessionFlags, useSession } from '../../../app/session';
import { CreateTagDialog } from '../../../components/CreateTagDialog';
import { useDebounced } from '../../../hooks/useDebounced';
import { Icon } from '../../../components/Icon';

/** The most tags a question may carry (the server's limit). */
export const MAX_TAGS = 5;

interface Option {
  slug_name: string;
  display_name: string;
  /** An unknown name: 'add' takes it as a new tag (the post creates it), 'describe' opens the create-tag dialog. */
  kind?: 'add' | 'describe';
}

/** A tag's slug as the server makes it: trimmed, lower case, spaces as dashes. */
export function tagSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** The typed text as a tag name: trimmed, within the server's length. */
const asName = (text: string) => text.trim().slice(0, LIMITS.tagName.max);

/**
 * Tag picker: a combobox with suggestions from GET question/tags. Enter, comma or Tab take the typed
 * name as a tag: an existing tag when one has that name, else a new tag that posting the question
 * creates (for those who may add tags, GET permission tag.add; others are told there is no such tag).
 * Arrows pick a suggestion instead. Focus stays in the input throughout, the suggestions close on
 * each choice, and they take room in the form rather than covering what is below. The create-tag
 * dialog (to give a new tag a description) opens only when its option is chosen. Options react on
 * mousedown so choosing one never loses the input's focus.
 */
export function TagPicker({
  id,
  label,
  value,
  onChange,
  error,
  hint,
}: {
  id: string;
  label: string;
  value: TagInput[];
  onChange(tags: TagInput[]): void;
  error?: string;
  hint: string;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [creating, setCreating] = useState<string | null>(null);
  // slugs taken as new tags (shown as such), and the last name refused for want of the privilege
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  const [refused, setRefused] = useState<string | null>(null);
  const { user } = useSession();
  const permission = usePermissions(['tag.add'], sessionFlags(user).normal);
  // until the permission is known, a new name is taken and the server decides when posting
  const mayAdd = permission.data ? !!permission.data['tag.add']?.has_permission : true;
  const typed = asName(text);
  const settled = useDebounced(typed, 200);
  const search = useTagSearch(settled);
  const chosen = new Set(value.map((v) => v.slug_name));
  const full = value.length >= MAX_TAGS;

  // answers to a lookup arrive after later keystrokes: they work on the tags as they are by then
  const latest = useRef({ value, onChange, mayAdd });
  latest.current = { value, onChange, mayAdd };
  const update = (next: (tags: TagInput[]) => TagInput[]) => {
    const tags = next(latest.current.value);
    latest.current.value = tags;
    latest.current.onChange(tags);
  };

  const options: Option[] = [];
  let unknown = false;
  if (settled && settled === typed && search.data && !full) {
    for (const f of search.data) if (!chosen.has(f.slug_name)) options.push({ slug_name: f.slug_name, display_name: f.display_name });
    const slug = tagSlug(settled);
    unknown = !chosen.has(slug) && !search.data.some((f) => f.slug_name === slug);
    if (unknown && mayAdd) {
      options.push({ slug_name: slug, display_name: settled, kind: 'add' });
      options.push({ slug_name: slug, display_name: settled, kind: 'describe' });
    }
  }
  const shown = open && options.length > 0;

  const take = (tag: TagInput, isNew: boolean) => {
    update((tags) => (tags.some((x) => x.slug_name === tag.slug_name) || tags.length >= MAX_TAGS ? tags : [...tags, tag]));
    setFresh((s) => {
      const next = new Set(s);
      if (isNew) next.add(tag.slug_name);
      else next.delete(tag.slug_name);
      return next;
    });
  };
  /** Decides about a typed name once the tags starting like it are known. */
  const settle = (name: string, found: TagSuggestion[], takenAlready: boolean) => {
    const slug = tagSlug(name);
    const hit = found.find((f) => f.slug_name === slug);
    if (hit) {
      if (takenAlready)
        update((tags) => tags.map((x) => (x.slug_name === slug ? { slug_name: hit.slug_name, display_name: hit.display_name } : x)));
      else take({ slug_name: hit.slug_name, display_name: hit.display_name }, false);
      setFresh((s) => (s.has(slug) ? new Set([...s].filter((x) => x !== slug)) : s));
    } else if (latest.current.mayAdd) {
      take({ slug_name: slug, display_name: name }, true);
    } else {
      if (takenAlready) update((tags) => tags.filter((x) => x.slug_name !== slug));
      setRefused(name);
    }
  };
  /** Takes a typed name as a tag at once; a name not looked up yet is checked in the background. */
  const commit = (raw: string) => {
    const name = asName(raw);
    if (!name) return;
    const slug = tagSlug(name);
    if (latest.current.value.some((x) => x.slug_name === slug) || latest.current.value.length >= MAX_TAGS) return;
    const known = queryClient.getQueryData<TagSuggestion[] | null>(tagKeys.search(name));
    if (known) {
      settle(name, known, false);
      return;
    }
    take({ slug_name: slug, display_name: name }, false);
    void queryClient
      .fetchQuery({ queryKey: tagKeys.search(name), queryFn: () => searchTags(name), staleTime: 30_000 })
      .then((found) => {
        if (latest.current.value.some((x) => x.slug_name === slug)) settle(name, found ?? [], true);
      })
      .catch(() => undefined);
  };
  const reset = () => {
    setText('');
    setOpen(false);
    setActive(-1);
    input.current?.focus();
  };

  const choose = (o: Option) => {
    if (o.kind === 'describe') {
      setOpen(false);
      setActive(-1);
      setCreating(o.display_name);
      return;
    }
    if (!full) take({ slug_name: o.slug_name, display_name: o.display_name }, o.kind === 'add');
    setRefused(null);
    reset();
  };
  const remove = (slug: string) => {
    update((tags) => tags.filter((v) => v.slug_name !== slug));
    input.current?.focus();
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
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options.length) setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % options.length : (a - 1 + options.length) % options.length));
    } else if (e.key === 'Enter') {
      // Enter takes the tag and never submits the form from here
      e.preventDefault();
      if (shown && options[active]) choose(options[active]);
      else if (typed) {
        commit(typed);
        reset();
      }
    } else if (e.key === 'Tab' && typed && !e.shiftKey) {
      // the typed name is kept as a tag and focus moves on as usual
      commit(typed);
      setText('');
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Backspace' && !text && value.length) {
      remove(value[value.length - 1].slug_name);
    }
  };

  const describedBy = error ? `${id}_error` : `${id}_hint`;
  const noMatch = refused ?? (open && unknown && !mayAdd ? settled : null);
  return (
    <div className="field tag-picker">
      <label htmlFor={id}>{label}</label>
      <div className="tag-anchor">
        <div className={error ? 'tag-box p-inputtext p-invalid' : 'tag-box p-inputtext'} onClick={() => input.current?.focus()}>
          {value.length > 0 && (
            <ul className="tag-tokens" aria-label={t('ask.tags_chosen')}>
              {value.map((v) => (
                <li key={v.slug_name} className={fresh.has(v.slug_name) ? 'tag-token new' : 'tag-token'}>
                  <span className="tag-token-label">{v.display_name || v.slug_name}</span>
                  {fresh.has(v.slug_name) && <span className="tag-token-new">{t('tags.picker_new')}</span>}
                  <button
                    type="button"
                    className="tag-token-remove"
                    aria-label={t('ask.tag_remove', { name: v.display_name || v.slug_name })}
                    onClick={(e) => {
                      e.stopPropagation();
                      remove(v.slug_name);
                    }}
                  >
                    <Icon name="close" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <input
            ref={input}
            id={id}
            className="tag-input"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={listId}
            aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={!!error}
            aria-describedby={describedBy}
            value={text}
            disabled={full}
            placeholder={full ? t('ask.tags_max', { max: MAX_TAGS }) : undefined}
            onChange={onType}
            onKeyDown={onKeyDown}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
          />
        </div>
        <ul id={listId} role="listbox" aria-label={t('ask.tag_suggestions')} className="tag-options" hidden={!shown}>
          {options.map((o, i) => (
            <li
              key={o.slug_name + (o.kind ? `:${o.kind}` : '')}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'tag-option active' : 'tag-option'}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o);
              }}
            >
              {o.kind === 'add'
                ? t('ask.tag_create', { name: o.display_name })
                : o.kind === 'describe'
                  ? t('tags.picker_create', { name: o.display_name })
                  : o.display_name}
            </li>
          ))}
        </ul>
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
          input.current?.focus();
        }}
        onCreated={(tag) => {
          setCreating(null);
          take(tag, false);
          setText('');
          input.current?.focus();
        }}
      />
      {error ? (
        <small id={`${id}_error`} className="field-error" role="alert">
          {error}
        </small>
      ) : (
        <small id={`${id}_hint`} className="field-hint">
          {hint}
        </small>
      )}
    </div>
  );
}
