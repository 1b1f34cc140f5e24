import { useTranslation } from 'react-i18next';
import { usePostPreview } from '../../api/post/post-render-query';
import { useDebounced } from '../../hooks/useDebounced';
import { PostHtml } from '../PostHtml';

/** The text as the server renders it, a moment after typing stops (nothing for a blank text). */
export function MarkdownPreview({ value }: { value: string }) {
  const { t } = useTranslation();
  const preview = usePostPreview(useDebounced(value, 400));
  if (!value.trim()) return null;
  return (
    <section className="md-preview" aria-label={t('editor.preview')}>
      <p className="md-preview-title" aria-hidden="true">
        {t('editor.preview')}
      </p>
      {preview.data !== undefined ? <PostHtml html={preview.data} /> : <p className="muted">{t('common.loading')}</p>}
    </section>
  );
}
