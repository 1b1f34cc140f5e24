import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TagDetail } from '../../../api/tag/types';
import { to } from '../../../app/paths';
import { Button } from '../../../components/ui';
import { SynonymsEditor } from './SynonymsEditor';
import { useSynonymsEditor } from './useSynonymsEditor';

/** The synonyms of a tag, and for those with tag.synonym an editor of the whole list (PUT tag/synonym). */
export function SynonymsPanel({ tag }: { tag: TagDetail }) {
  const { t } = useTranslation();
  const e = useSynonymsEditor(tag);
  const name = tag.display_name || tag.slug_name;

  return (
    <section className="card tag-synonyms" aria-labelledby="synonyms-title">
      <div className="list-head">
        <h2 id="synonyms-title">{t('tags.synonyms')}</h2>
        {e.canEdit && !e.editing && <Button type="button" size="small" outlined label={t('tags.synonyms_edit')} onClick={e.start} />}
      </div>
      {!e.editing &&
        (e.synonyms.length > 0 ? (
          <SynonymsList tag={tag} name={name} synonyms={e.synonyms} />
        ) : (
          e.q.isSuccess && <p className="muted">{t('tags.synonyms_empty')}</p>
        ))}
      {e.editing && <SynonymsEditor name={name} editor={e} />}
    </section>
  );
}

/** The tag's synonyms as links to their pages. */
function SynonymsList({
  tag,
  name,
  synonyms,
}: {
  tag: TagDetail;
  name: string;
  synonyms: ReturnType<typeof useSynonymsEditor>['synonyms'];
}) {
  const { t } = useTranslation();
  return (
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
  );
}
