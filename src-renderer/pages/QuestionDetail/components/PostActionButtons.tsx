import { useTranslation } from 'react-i18next';
import type { IconName } from '../../../components/Icon';
import { Button } from '../../../components/ui';
import type { Confirm } from './usePostConfirm';

/** A pressed-or-not action (bookmark, follow) with its count beside it when there is one. */
export function CountedToggle(p: {
  pressed: boolean;
  icon: IconName;
  label: string;
  loading: boolean;
  onClick(): void;
  count?: number;
  countLabel: string;
  testId: string;
}) {
  return (
    <span className="action-with-count">
      <Button
        type="button"
        link
        size="small"
        className="post-action"
        icon={p.icon}
        label={p.label}
        aria-pressed={p.pressed}
        loading={p.loading}
        onClick={p.onClick}
      />
      {p.count !== undefined && p.count > 0 && (
        <span className="action-count muted small" data-testid={p.testId} title={p.countLabel}>
          <span aria-hidden="true">{p.count}</span>
          <span className="sr-only">{p.countLabel}</span>
        </span>
      )}
    </span>
  );
}

/** A plain action of the row. */
export function ActionButton({ label, onClick }: { label: string; onClick(): void }) {
  return <Button type="button" link size="small" className="post-action" label={label} onClick={onClick} />;
}

/** The moderators' and author's actions the server lists (close, reopen, pin, unpin, unlist, list, delete, undelete), in that order. */
export function ModerationButtons({ can, onClose, onConfirm }: { can(a: string): boolean; onClose(): void; onConfirm(c: Confirm): void }) {
  const { t } = useTranslation();
  const confirmed: [Confirm, string][] = [
    ['reopen', t('qa.reopen')],
    ['pin', t('qa.pin')],
    ['unpin', t('qa.unpin')],
    ['hide', t('qa.unlist')],
    ['show', t('qa.list')],
    ['delete', t('qa.delete')],
    ['undelete', t('qa.undelete')],
  ];
  return (
    <>
      {can('close') && <ActionButton label={t('qa.close')} onClick={onClose} />}
      {confirmed.map(([action, label]) => can(action) && <ActionButton key={action} label={label} onClick={() => onConfirm(action)} />)}
    </>
  );
}
