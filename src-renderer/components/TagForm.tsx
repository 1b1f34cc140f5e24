import { useTranslation } from 'react-i18next';
import { Field } from './Field';
import { MarkdownEditor } from './MarkdownEditor';
import { Button } from './ui';
import { useTagForm, type TagFormProps } from './useTagForm';

/** Display name, URL slug, description (and edit summary): checked here first, then the server's field errors on the same fields. */
export function TagForm(props: TagFormProps) {
  const { mode, slugLocked, submitLabel, busy, extraButtons, rows = 8 } = props;
  const { t } = useTranslation();
  const { f, errors, id, setName, setSlug, setField, submit } = useTagForm(props);

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
        <LockedSlug id={id('slug_name')} value={f.slug_name} error={errors.slug_name} />
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
        onChange={(v) => setField('original_text', v)}
        error={errors.original_text}
        hint={t('tags.description_hint')}
        rows={rows}
      />
      {mode === 'edit' && (
        <Field
          id={id('edit_summary')}
          label={t('tags.edit_summary')}
          value={f.edit_summary ?? ''}
          onChange={(v) => setField('edit_summary', v)}
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

/** The slug shown read-only (only staff change slugs), with why and any server error. */
function LockedSlug({ id, value, error }: { id: string; value: string; error?: string }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{t('tags.slug_name')}</label>
      <input id={id} className="p-inputtext p-component" value={value} readOnly aria-describedby={`${id}_hint`} />
      <small id={`${id}_hint`} className="field-hint">
        {t('tags.slug_staff_only')}
      </small>
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

export type { TagFormProps };
