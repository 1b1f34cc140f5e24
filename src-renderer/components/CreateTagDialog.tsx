import { useTranslation } from 'react-i18next';
import { Button, Dialog } from './ui';
import { useAddTag } from '../api/tag/tag-mutations';
import type { TagFields } from '../api/tag/types';
import { slugOf } from './tag-rules';
import { TagForm } from './TagForm';

/** The create-tag dialog (spec: 'Dialogs: create tag'): the tag form in a modal; `onCreated` gets the new tag. */
export function CreateTagDialog({
  visible,
  name,
  onHide,
  onCreated,
}: {
  visible: boolean;
  name: string;
  onHide(): void;
  onCreated(tag: { slug_name: string; display_name: string }): void;
}) {
  const { t } = useTranslation();
  const add = useAddTag();
  const initial: TagFields = { display_name: name.trim(), slug_name: slugOf(name), original_text: '' };
  return (
    <Dialog
      header={t('tags.dialog_title')}
      visible={visible}
      onHide={onHide}
      style={{ width: 'min(40rem, 94vw)' }}
      className="create-tag-dialog"
      blockScroll
    >
      {visible && (
        <TagForm
          key={name}
          initial={initial}
          mode="create"
          idPrefix="new_tag_"
          submitLabel={t('tags.submit_create')}
          busy={add.isPending}
          rows={5}
          extraButtons={<Button type="button" link label={t('common.cancel')} onClick={onHide} />}
          onSubmit={async (f) => {
            const r = await add.mutateAsync(f);
            onCreated({ slug_name: r.slug_name, display_name: f.display_name });
          }}
        />
      )}
    </Dialog>
  );
}
