import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../server/contract/limits';
import { useUpdateSynonyms } from '../../../api/tag/tag-mutations';
import { useTagSynonyms } from '../../../api/tag/tag-query';
import type { TagDetail } from '../../../api/tag/types';
import { useSession } from '../../../app/session';
import { useFeedback } from '../../../components/Feedback';
import { slugOf, TAG_SLUG_PATTERN } from '../../../components/tag-rules';
import { firstFieldError } from '../../../hooks/useFormError';

/** A synonym in the edited list. */
export interface SynonymItem {
  slug_name: string;
  display_name: string;
}

/** Why a slug cannot be a synonym of the tag, if it cannot. */
export function checkSynonym(t: TFunction, slug: string, tagSlug: string): string | undefined {
  if (slug === tagSlug) return t('tags.synonym_self');
  if (slug.length > LIMITS.tagName.max) return t('tags.slug_max');
  if (!TAG_SLUG_PATTERN.test(slug)) return t('tags.synonym_chars');
  return undefined;
}

/**
 * A tag's synonyms and their editor: `editing` is the list being edited (null when not), `text`
 * the name being added; `start`, `add`, `remove`, `submit` (PUT tag/synonym) and `cancel`.
 */
export function useSynonymsEditor(tag: TagDetail) {
  const { t } = useTranslation();
  const { user } = useSession();
  const feedback = useFeedback();
  const q = useTagSynonyms(tag.status === 'available' ? tag.tag_id : undefined);
  const save = useUpdateSynonyms();
  const [editing, setEditing] = useState<SynonymItem[] | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const synonyms = q.data?.synonyms ?? [];

  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const slug = slugOf(text);
    if (!slug) return;
    const bad = checkSynonym(t, slug, tag.slug_name);
    if (bad) return setError(bad);
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

  return {
    q,
    synonyms,
    canEdit: !!user && !!q.data?.member_actions.some((a) => a.action === 'edit'),
    editing,
    text,
    error,
    saving: save.isPending,
    start: () => {
      setEditing(synonyms.map((s) => ({ slug_name: s.slug_name, display_name: s.display_name })));
      setError(undefined);
    },
    type: (value: string) => {
      setText(value);
      setError(undefined);
    },
    add,
    remove: (slug: string) => editing && setEditing(editing.filter((x) => x.slug_name !== slug)),
    submit,
    cancel: () => {
      setEditing(null);
      setError(undefined);
      setText('');
    },
  };
}
