import type { ReactNode } from 'react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagFields } from '../api/tag/types';
import { useFormError } from '../hooks/useFormError';
import type { Errors } from '../utils/validation';
import { checkTag, slugOf } from './tag-rules';

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

/**
 * The tag form's fields and errors: `id` names a field, `setName` fills the slug until it is typed,
 * `submit` checks locally (focusing the first bad field) and sends the trimmed fields.
 */
export function useTagForm({ initial, mode, idPrefix = '', onSubmit }: Pick<TagFormProps, 'initial' | 'mode' | 'idPrefix' | 'onSubmit'>) {
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
  const setField = (k: 'original_text' | 'edit_summary', v: string) => {
    setF((p) => ({ ...p, [k]: v }));
    clear(k);
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

  return { f, errors, id, setName, setSlug, setField, submit };
}
