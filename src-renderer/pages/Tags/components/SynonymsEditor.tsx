import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import { Button, InputText } from '../../../components/ui';
import type { useSynonymsEditor } from './useSynonymsEditor';

/** The editor of a tag's synonyms: the list with remove buttons, the field that adds one, save and cancel. */
export function SynonymsEditor({ name, editor: e }: { name: string; editor: ReturnType<typeof useSynonymsEditor> }) {
  const { t } = useTranslation();
  const editing = e.editing ?? [];
  return (
    <div className="stack">
      <p>
        {t('tags.synonyms_text')} <span className="tag-chip">{name}</span>
      </p>
      {editing.length > 0 ? (
        <ul className="tag-list" aria-label={t('tags.synonyms')}>
          {editing.map((s) => (
            <li key={s.slug_name} className="tag-token">
              <span className="tag-token-label">{s.display_name || s.slug_name}</span>
              <button
                type="button"
                className="tag-token-remove"
                aria-label={t('tags.synonym_remove', { name: s.display_name || s.slug_name })}
                onClick={() => e.remove(s.slug_name)}
              >
                <Icon name="close" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('tags.synonyms_empty')}</p>
      )}
      <SynonymAddForm text={e.text} error={e.error} onType={e.type} onAdd={e.add} />
      <div className="form-buttons">
        <Button type="button" label={t('tags.synonyms_save')} loading={e.saving} onClick={e.submit} />
        <Button type="button" link label={t('common.cancel')} onClick={e.cancel} />
      </div>
    </div>
  );
}

/** The field and button that add a synonym to the edited list, with its error. */
function SynonymAddForm({
  text,
  error,
  onType,
  onAdd,
}: {
  text: string;
  error?: string;
  onType(value: string): void;
  onAdd(e: FormEvent): void;
}) {
  const { t } = useTranslation();
  return (
    <form className="synonym-add" onSubmit={onAdd} noValidate>
      <div className="field">
        <label htmlFor="synonym-input">{t('tags.synonym_add_label')}</label>
        <div className="synonym-add-row">
          <InputText
            id="synonym-input"
            value={text}
            onChange={(ev) => onType(ev.target.value)}
            invalid={!!error}
            aria-invalid={!!error}
            aria-describedby={error ? 'synonym-input_error' : undefined}
            autoComplete="off"
          />
          <Button type="submit" outlined label={t('tags.synonym_add')} />
        </div>
        {error && (
          <small id="synonym-input_error" className="field-error" role="alert">
            {error}
          </small>
        )}
      </div>
    </form>
  );
}
