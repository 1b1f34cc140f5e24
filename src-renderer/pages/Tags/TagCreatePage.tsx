import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { useAddTag } from '../../api/tag/tag-mutations';
import { paths, to } from '../../app/paths';
import { ErrorPage } from '../../components/ErrorPage';
import { useFeedback } from '../../components/Feedback';
import { TagForm } from '../../components/TagForm';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useMayCreateTag } from './components/useMayCreateTag';
import './tags.css';

/** /tags/create: display name, URL slug and description; a new tag opens on its page. Without the tag.add privilege: 403 with the reason. */
export default function TagCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const add = useAddTag();
  const may = useMayCreateTag();
  const slow = useDelayed(may.loading);
  usePageTitle(t('tags.create_title'));
  if (may.loading) return slow ? <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} /> : null;
  if (!may.allowed) return <ErrorPage kind={403} message={may.tip || undefined} />;
  return (
    <section className="card form-page" aria-labelledby="tag-create-title">
      <h1 id="tag-create-title">{t('tags.create_title')}</h1>
      <p className="muted">{t('tags.create_intro')}</p>
      <TagForm
        initial={{ display_name: '', slug_name: '', original_text: '' }}
        mode="create"
        submitLabel={t('tags.submit_create')}
        busy={add.isPending}
        extraButtons={
          <Link to={paths.tags} className="p-button p-button-text">
            {t('common.cancel')}
          </Link>
        }
        onSubmit={async (f) => {
          const r = await add.mutateAsync(f);
          feedback.toast('success', t('tags.created_toast'));
          navigate(to.tag(r.slug_name));
        }}
      />
    </section>
  );
}
