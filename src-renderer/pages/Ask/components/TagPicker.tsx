import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../server/contract/limits';
import type { TagInput } from '../../../api/question/types';
import { usePermissions, useTagSearch } from '../../../api/tag/tag-query';
import { sessionFlags, useSession } from '../../../app/session';
import { CreateTagDialog } from '../../../components/CreateTagDialog';
import { useDebounced } from '../../../hooks/useDebounced';

/** The most tags a question may carry (the server's limit). */
export const MAX_TAGS = 5;

interface Option {
  slug_name: string;
  display_name: string;
  isNew?: boolean;
}

/** A tag's slug as the server makes it: trimmed, lower case, spaces as dashes. */
export function tagSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/**
 * Tag picker: a combobox with suggestions from GET question/tags. A name with no match offers
 * "Create tag" to those who may add tags (GET permission tag.add), which opens the create-tag
 * dialog; the created tag is then chosen. Options react on mousedown so choosing one never loses
 * the input's focus.
 */
export function TagPicker({ id, label, value, onChange, error, hint }: { id: string; label: string; value: TagInput[]; onChange(tags: TagInput[]): void; error?: string; hint: string }) {
  const { t } = useTranslation();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [creating, setCreating] = useState<string | null>(null);
  const { user } = useSession();
  const permission = usePermissions(['tag.add'], sessionFlags(user).normal);
  const mayAdd = !!permission.data?.['tag.add']?.has_permission;
  const typed = text.trim().slice(0, LIMITS.tagName.max);
  const settled = useDebounced(typed, 200);
  const search = useTagSearch(settled);
  const chosen = new Set(value.map((v) => v.slug_name));
  const full = value.length >= MAX_TAGS;

  const options: Option[] = [];
  let unknown = false;
  if (settled && settled === typed && search.data && !full) {
    for (const f of search.data) if (!chosen.has(f.slug_name)) options.push({ slug_name: f.slug_name, display_name: f.display_name });
    const slug = tagSlug(settled);
    unknown = !chosen.has(slug) && !search.data.some((f) => f.slug_name === slug);
    if (unknown && mayAdd) options.push({ slug_name: slug, display_name: settled, isNew: true });
  }
  const shown = open && options.length > 0;

  const choose = (o: Option) => {
    if (o.isNew) {
      setOpen(false);
      setActive(-1);
      setCreating(o.display_name);
      return;
    }
    if (!chosen.has(o.slug_name) && !full) onChange([...value, { slug_name: o.slug_name, display_name: o.display_name }]);
    setText('');
    setActive(-1);
    input.current?.focus();
  };
  const remove = (slug: string) => {
    onChange(value.filter((v) => v.slug_name !== slug));
    input.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options.length) setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % options.length : (a - 1 + options.length) % options.length));
    } else if (e.key === 'Enter') {
      // Enter chooses a suggestion and never submits the form from here
      e.preventDefault();
      const o = options[active] ?? options.find((x) => x.slug_name === tagSlug(typed));
      if (o) choose(o);
    } else if (e.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Backspace' && !text && value.length) {
      remove(value[value.length - 1].slug_name);
    }
  };

  const describedBy = error ? `${id}_error` : `${id}_hint`;
  return (
    <div className="field tag-picker">
      <label htmlFor={id}>{label}</label>
      <div className="tag-anchor">
        <div className={error ? 'tag-box p-inputtext p-invalid' : 'tag-box p-inputtext'} onClick={() => input.current?.focus()}>
          {value.length > 0 && (
            <ul className="tag-tokens" aria-label={t('ask.tags_chosen')}>
              {value.map((v) => (
                <li key={v.slug_name} className="tag-token">
                  <span className="tag-token-label">{v.display_name || v.slug_name}</span>
                  <button type="button" className="tag-token-remove" aria-label={t('ask.tag_remove', { name: v.display_name || v.slug_name })} onClick={(e) => { e.stopPropagation(); remove(v.slug_name); }}>
                    <i className="pi pi-times" aria-hidden="true" />
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
            onChange={(e) => { setText(e.target.value); setOpen(true); setActive(-1); }}
            onKeyDown={onKeyDown}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
          />
        </div>
        <ul id={listId} role="listbox" aria-label={t('ask.tag_suggestions')} className="tag-options" hidden={!shown}>
          {options.map((o, i) => (
            <li key={o.slug_name + (o.isNew ? ':new' : '')} id={`${listId}-${i}`} role="option" aria-selected={i === active} className={i === active ? 'tag-option active' : 'tag-option'} onMouseDown={(e) => { e.preventDefault(); choose(o); }}>
              {o.isNew ? t('tags.picker_create', { name: o.display_name }) : o.display_name}
            </li>
          ))}
        </ul>
      </div>
      {open && unknown && !mayAdd && <small className="field-hint" role="status">{t('tags.picker_no_match', { name: settled })}</small>}
      <CreateTagDialog
        visible={creating !== null}
        name={creating ?? ''}
        onHide={() => { setCreating(null); input.current?.focus(); }}
        onCreated={(tag) => {
          setCreating(null);
          if (!full && !chosen.has(tag.slug_name)) onChange([...value, tag]);
          setText('');
          input.current?.focus();
        }}
      />
      {error ? <small id={`${id}_error`} className="field-error" role="alert">{error}</small> : <small id={`${id}_hint`} className="field-hint">{hint}</small>}
    </div>
  );
}
