import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, InputText } from '../../../components/ui';
import { LIMITS } from '../../../../server/contract/limits';
import { firstFieldError } from '../../../hooks/useFormError';
import { useUpdateSynonyms } from '../../../api/tag/tag-mutations';
import { useTagSynonyms } from '../../../api/tag/tag-query';
import type { TagDetail } from '../../../api/tag/types';
import { to } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { useFeedback } from '../../../components/Feedback';
import { slugOf, TAG_SLUG_PATTERN } from '../../../components/TagForm';
import { Link } from 'react-router';
import { Icon } from '../../../components/Icon';

interface Item {
  slug_name: string;
  display_name: string;
}

/** The synonyms of a tag, and for those with tag.synonym an editor of the whole list (PUT tag/synonym). */
export function SynonymsPanel({ tag }: { tag: TagDetail }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const feedback = useFeedback();
  const q = useTagSynonyms(tag.status === 'available' ? tag.tag_id : undefined);
  const save = useUpdateSynonyms();
  const [editing, setEditing] = useState<Item[] | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const name = tag.display_name || tag.slug_name;
  const synonyms = q.data?.synonyms ?? [];
  const canEdit = !!user && !!q.data?.member_actions.some((a) => a.action === 'edit');

  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const slug = slugOf(text);
    if (!slug) return;
    if (slug === tag.slug_name) return setError(t('tags.synonym_self'));
    if (slug.length > LIMITS.tagName.max) return setError(t('tags.slug_max'));
    if (!TAG_SLUG_PATTERN.test(slug)) return setError(t('tags.synonym_chars'));
    if (!editing.some((s) => s.slug_name === slug)) setEditing([...editing, { slug_name: slug, display_name: text.trim() }]);
    setText('');
    setError(undefined);
  };
  const submit = () => {
    if (!editing) return;
    save.mutate(
      { tag_id: tag.tag_id, synonym_tag_list: editing },
      {
        onSuccess: () => {
          setEditing(null);
          feedback.toast('success', t('tags.synonyms_saved'));
        },
        onError: (e) => {
          const first = firstFieldError(e);
          if (first) setError(first);
        },
      },
    );
  };

  return (
    <section className="card tag-synonyms" aria-labelledby="synonyms-title">
      <div className="list-head">
        <h2 id="synonyms-title">{t('tags.synonyms')}</h2>
        {canEdit && !editing && (
          <Button
            type="button"
            size="small"
            outlined
            label={t('tags.synonyms_edit')}
            onClick={() => {
              setEditing(synonyms.map((s) => ({ slug_name: s.slug_name, display_name: s.display_name })));
              setError(undefined);
            }}
          />
        )}
      </div>
      {!editing &&
        (synonyms.length > 0 ? (
          <>
            <p>
              {t('tags.synonyms_text')}{' '}
              <Link className="tag-chip" to={to.tag(tag.slug_name)}>
                {name}
              </Link>
            </p>
            <ul className="tag-list" aria-label={t('tags.synonyms')}>
              {synonyms.map((s) => (
                <li key={s.tag_id}>
                  <Link className="tag-chip" to={to.tag(s.slug_name)}>
                    {s.display_name || s.slug_name}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : (
          q.isSuccess && <p className="muted">{t('tags.synonyms_empty')}</p>
        ))}
      {editing && (
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
                    onClick={() => setEditing(editing.filter((x) => x.slug_name !== s.slug_name))}
                  >
                    <Icon name="close" />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('tags.synonyms_empty')}</p>
          )}
          <form className="synonym-add" onSubmit={add} noValidate>
            <div className="field">
              <label htmlFor="synonym-input">{t('tags.synonym_add_label')}</label>
              <div className="synonym-add-row">
                <InputText
                  id="synonym-input"
                  value={text}
                  onChange={(e) => {
                    setText(e.target.value);
                    setError(undefined);
                  }}
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
          <div className="form-buttons">
            <Button type="button" label={t('tags.synonyms_save')} loading={save.isPending} onClick={submit} />
            <Button
              type="button"
              link
              label={t('common.cancel')}
              onClick={() => {
                setEditing(null);
                setError(undefined);
                setText('');
              }}
            />
          </div>
        </div>
      )}
    </section>
  );
}
