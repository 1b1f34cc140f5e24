import type { TFunction } from 'i18next';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui';
import { LIMITS } from '../../server/contract/limits';
import type { TagFields } from '../api/tag/types';
import { useFormError } from '../hooks/useFormError';
import { compact, type Errors } from '../utils/validation';
import { Field } from './Field';
import { MarkdownEditor } from './MarkdownEditor';

/** Characters a tag slug may use once lower-cased (the server's rule): a-z, 0-9 and + # - . */
export const TAG_SLUG_PATTERN = /^[a-z0-9+#.-]+$/;

/** A tag's slug as the server makes it: trimmed, lower case, spaces as dashes. */
export function slugOf(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

type T = TFunction;

/** The rules of spec section 5 for a tag: display name and slug required, up to 35, slug characters. */
export function checkTag(t: T, f: TagFields): Errors {
  const name = f.display_name.trim();
  const slug = slugOf(f.slug_name);
  const max = LIMITS.tagName.max;
  return compact({
    display_name: !name ? t('tags.display_name_required') : name.length > max ? t('tags.display_name_max') : undefined,
    slug_name: !slug
      ? t('tags.slug_required')
      : slug.length > max
        ? t('tags.slug_max')
        : !TAG_SLUG_PATTERN.test(slug)
          ? t('tags.slug_chars')
          : undefined,
  });
}

/** Props of the tag form. */
export interface TagFormProps {
  initial: TagFields;
  /** 'create' fills the slug from the display name until the slug is typed; 'edit' adds the edit summary. */
  mode: 'create' | 'edit';
  /** Prefix of the field ids (the dialog and a page may both be in the document). */
  idPrefix?: string;
  /** The slug is shown but cannot be changed (only staff change slugs). */
  slugLocked?: boolean;
  submitLabel: string;
  busy: boolean;
  /** Sends the form; throws the server's error, whose field errors land on the fields. */
  onSubmit(f: TagFields): Promise<void>;
  extraButtons?: ReactNode;
  /** Editor rows (smaller in the dialog). */
  rows?: number;
}

/** Display name, URL slug, description (and edit summary): checked here first, then the server's field errors on the same fields. */
export function TagForm({ initial, mode, idPrefix = '', slugLocked, submitLabel, busy, onSubmit, extraButtons, rows = 8 }: TagFormProps) {
  const { t } = useTranslation();
  const [f, setF] = useState<TagFields>(initial);
  const [slugTouched, setSlugTouched] = useState(mode === 'edit' || !!initial.slug_name);
  const [errors, setErrors] = useState<Errors>({});
  const id = (k: string) => `${idPrefix}${k}`;
  // other failures are the caller's (or the app's error policy's) to show
  const showError = useFormError(setErrors, { focus: id, show: false });
  const clear = (...keys: string[]) => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))));

  const setName = (v: string) => {
    setF((p) => ({ ...p, display_name: v, slug_name: slugTouched ? p.slug_name : slugOf(v) }));
    clear('display_name', ...(slugTouched ? [] : ['slug_name']));
  };
  const setSlug = (v: string) => {
    setSlugTouched(true);
    setF((p) => ({ ...p, slug_name: v }));
    clear('slug_name');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const local = checkTag(t, f);
    setErrors(local);
    const first = Object.keys(local)[0];
    if (first) {
      document.getElementById(id(first))?.focus();
      return;
    }
    try {
      await onSubmit({
        ...f,
        display_name: f.display_name.trim(),
        slug_name: slugOf(f.slug_name),
        edit_summary: f.edit_summary?.trim() || undefined,
      });
    } catch (err) {
      showError(err);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="stack tag-form">
      <Field
        id={id('display_name')}
        label={t('tags.display_name')}
        value={f.display_name}
        onChange={setName}
        error={errors.display_name}
        hint={t('tags.display_name_hint')}
        autoFocus={mode === 'create'}
      />
      {slugLocked ? (
        <div className="field">
          <label htmlFor={id('slug_name')}>{t('tags.slug_name')}</label>
          <input
            id={id('slug_name')}
            className="p-inputtext p-component"
            value={f.slug_name}
            readOnly
            aria-describedby={id('slug_name_hint')}
          />
          <small id={id('slug_name_hint')} className="field-hint">
            {t('tags.slug_staff_only')}
          </small>
          {errors.slug_name && (
            <small className="field-error" role="alert">
              {errors.slug_name}
            </small>
          )}
        </div>
      ) : (
        <Field
          id={id('slug_name')}
          label={t('tags.slug_name')}
          value={f.slug_name}
          onChange={setSlug}
          error={errors.slug_name}
          hint={t('tags.slug_hint')}
          autoComplete="off"
        />
      )}
      <MarkdownEditor
        id={id('original_text')}
        label={t('tags.description')}
        value={f.original_text}
        onChange={(v) => {
          setF((p) => ({ ...p, original_text: v }));
          clear('original_text');
        }}
        error={errors.original_text}
        hint={t('tags.description_hint')}
        rows={rows}
      />
      {mode === 'edit' && (
        <Field
          id={id('edit_summary')}
          label={t('tags.edit_summary')}
          value={f.edit_summary ?? ''}
          onChange={(v) => {
            setF((p) => ({ ...p, edit_summary: v }));
            clear('edit_summary');
          }}
          error={errors.edit_summary}
          hint={t('tags.edit_summary_hint')}
        />
      )}
      <div className="form-buttons">
        <Button type="submit" label={submitLabel} loading={busy} />
        {extraButtons}
      </div>
    </form>
  );
}
