import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Dialog } from '../../../components/ui';
import { useDeleteTag, useRecoverTag } from '../../../api/tag/tag-mutations';
import type { TagDetail } from '../../../api/tag/types';
import { paths } from '../../../app/paths';
import { useFeedback } from '../../../components/Feedback';

/** Delete (with a confirmation that explains when deletion is not allowed) and undelete, as the tag's member_actions allow. */
export function TagStaffActions({ tag, synonymCount }: { tag: TagDetail; synonymCount: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const del = useDeleteTag();
  const recover = useRecoverTag();
  const [asking, setAsking] = useState(false);
  const canDelete = tag.member_actions.some((a) => a.action === 'delete');
  const canUndelete = tag.member_actions.some((a) => a.action === 'undelete');
  const blocked = tag.question_count > 0 ? t('tags.delete_with_posts') : synonymCount > 0 ? t('tags.delete_with_synonyms') : '';
  if (!canDelete && !canUndelete) return null;
  return (
    <>
      {canDelete && (
        <Button
          type="button"
          size="small"
          outlined
          severity="danger"
          className="tag-delete"
          label={t('tags.delete')}
          onClick={() => setAsking(true)}
        />
      )}
      {canUndelete && (
        <Button
          type="button"
          size="small"
          outlined
          label={t('tags.undelete')}
          loading={recover.isPending}
          onClick={() => recover.mutate(tag.tag_id, { onSuccess: () => feedback.toast('success', t('tags.undeleted_toast')) })}
        />
      )}
      <Dialog
        header={t('tags.delete_title')}
        visible={asking}
        onHide={() => setAsking(false)}
        style={{ width: 'min(28rem, 92vw)' }}
        footer={
          blocked ? (
            <Button type="button" label={t('common.close')} onClick={() => setAsking(false)} autoFocus />
          ) : (
            <>
              <Button type="button" link label={t('common.cancel')} onClick={() => setAsking(false)} />
              <Button
                type="button"
                severity="danger"
                className="tag-delete-confirm"
                label={t('tags.delete')}
                loading={del.isPending}
                autoFocus
                onClick={() =>
                  del.mutate(tag.tag_id, {
                    onSuccess: () => {
                      setAsking(false);
                      feedback.toast('success', t('tags.deleted_toast'));
                      navigate(paths.tags);
                    },
                    onError: () => setAsking(false),
                  })
                }
              />
            </>
          )
        }
      >
        <p>{blocked || t('tags.delete_confirm')}</p>
      </Dialog>
    </>
  );
}
