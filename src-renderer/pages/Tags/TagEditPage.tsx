import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useUpdateTag } from '../../api/tag/tag-mutations';
import { useTagById } from '../../api/tag/tag-query';
import type { TagDetail } from '../../api/tag/types';
import { to } from '../../app/paths';
import { sessionFlags, useSession } from '../../app/session';
import { EditGate } from '../../components/EditGate';
import { useFeedback } from '../../components/Feedback';
import { TagForm } from '../../components/TagForm';
import { usePageTitle } from '../../hooks/usePageTitle';
import './tags.css';

/** /tags/{tagId}/edit: display name, slug (staff only), description and edit summary, after the server's edit check; without direct-edit power the edit waits for review. */
export default function TagEditPage() {
  const { t } = useTranslation();
  const { tagId = '' } = useParams();
  usePageTitle(t('tags.edit_title'));
  return (
    <EditGate objectId={tagId}>
      <EditTag tagId={tagId} />
    </EditGate>
  );
}

function EditTag({ tagId }: { tagId: string }) {
  const tag = useTagById(tagId);
  return tag.data ? <EditTagForm tag={tag.data} /> : null;
}

function EditTagForm({ tag }: { tag: TagDetail }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const flags = sessionFlags(user);
  const navigate = useNavigate();
  const feedback = useFeedback();
  const update = useUpdateTag();
  const back = to.tagInfo(tag.slug_name);
  return (
    <section className="card form-page" aria-labelledby="tag-edit-title">
      <h1 id="tag-edit-title">{t('tags.edit_title')}</h1>
      <TagForm
        initial={{ display_name: tag.display_name, slug_name: tag.slug_name, original_text: tag.original_text, edit_summary: '' }}
        mode="edit"
        slugLocked={!(flags.admin || flags.moderator)}
        submitLabel={t('tags.submit_edit')}
        busy={update.isPending}
        extraButtons={
          <Link to={back} className="p-button p-button-text">
            {t('common.cancel')}
          </Link>
        }
        onSubmit={async (f) => {
          const r = await update.mutateAsync({
            tag_id: tag.tag_id,
            display_name: f.display_name,
            slug_name: f.slug_name,
            original_text: f.original_text,
            edit_summary: f.edit_summary,
          });
          if (r?.wait_for_review) {
            feedback.toast('info', t('tags.after_review'));
            navigate(back);
          } else {
            feedback.toast('success', t('tags.edited_toast'));
            navigate(to.tagInfo(f.slug_name));
          }
        }}
      />
    </section>
  );
}
