import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FlagOperation } from '../../api/review/types';
import type { IconName } from '../../components/Icon';
import { Button } from '../../components/ui';

const FLAG_ICONS: Record<FlagOperation, IconName> = {
  edit_post: 'edit',
  close_post: 'lock',
  delete_post: 'trash',
  unlist_post: 'eye-off',
  ignore_report: 'ban',
};

/** The button label of an operation on a flagged post. */
function flagLabel(t: TFunction, op: FlagOperation): string {
  const labels: Record<FlagOperation, string> = {
    edit_post: t('review.edit_post'),
    close_post: t('review.close_post'),
    delete_post: t('review.delete_post'),
    unlist_post: t('review.unlist_post'),
    ignore_report: t('review.ignore_flag'),
  };
  return labels[op];
}

/** The buttons of a flag's operations; all wait while one runs. */
export function FlagActions({
  ops,
  busy,
  onChoose,
}: {
  ops: FlagOperation[];
  /** The operation running, if any. */
  busy: string | null;
  /** The click handler of an operation. */
  onChoose(op: FlagOperation): () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="review-actions" role="group" aria-label={t('review.actions_label')}>
      {ops.map((op) => (
        <Button
          key={op}
          label={flagLabel(t, op)}
          icon={FLAG_ICONS[op]}
          size="small"
          severity={op === 'delete_post' ? 'danger' : op === 'ignore_report' ? 'secondary' : undefined}
          outlined={op !== 'close_post' && op !== 'edit_post'}
          disabled={busy !== null}
          loading={busy === op}
          onClick={onChoose(op)}
        />
      ))}
    </div>
  );
}
