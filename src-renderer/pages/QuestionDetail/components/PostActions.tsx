import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui';
import { useDeleteAnswer, useRecoverAnswer } from '../../../api/answer/answer-remove-mutations';
import { useSwitchCollection } from '../../../api/collection/collection-switch-mutation';
import { rethrowIfCaptcha } from '../../../api/errors';
import { useSwitchFollow } from '../../../api/follow/follow-switch-mutation';
import {
  useCloseQuestion,
  useDeleteQuestion,
  useOperateQuestion,
  useRecoverQuestion,
  useReopenQuestion,
  type QuestionOperation,
} from '../../../api/question/question-operation-mutations';
import { useAddReport } from '../../../api/report/report-add-mutation';
import type { MemberAction } from '../../../api/types';
import type { CaptchaFields } from '../../../api/user/types';
import { useSession } from '../../../app/session';
import { CaptchaDialog } from '../../../components/CaptchaDialog';
import { useFeedback } from '../../../components/Feedback';
import { useCaptcha } from '../../../hooks/useCaptcha';
import { useRequireLogin } from '../../../hooks/useRequireLogin';
import { ConfirmDialog } from './ConfirmDialog';
import { ReasonDialog } from './ReasonDialog';
import { ShareButton } from './ShareButton';
import { Icon } from '../../../components/Icon';

/** What a post's action row shows and reports back. */
export interface PostActionsProps {
  /** Which kind of post (questions have close, pin, list and follow). */
  kind?: 'question' | 'answer';
  objectId: string;
  /** The question the post belongs to (the question itself for a question). */
  questionId?: string;
  editHref: string;
  /** The post's own path, for sharing. */
  sharePath?: string;
  /** The post's timeline. */
  timelineHref?: string;
  actions: MemberAction[];
  /** The post's author (authors cannot flag their own posts). */
  ownerId?: string;
  collected: boolean;
  collectionCount?: number;
  /** Only questions can be followed. */
  follow?: { followed: boolean; count?: number; onChange(followed: boolean, count: number): void };
  onCollected(collected: boolean, count: number): void;
}

type Confirm = 'delete' | 'undelete' | 'reopen' | QuestionOperation;

/** Share, edit, bookmark, follow, flag, delete/undelete and the moderators' close, reopen, pin and list; each shown when the server lists it in member_actions. */
export function PostActions({
  kind = 'question',
  objectId,
  questionId = objectId,
  editHref,
  sharePath,
  timelineHref,
  actions,
  ownerId,
  collected,
  collectionCount,
  follow,
  onCollected,
}: PostActionsProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const requireLogin = useRequireLogin();
  const feedback = useFeedback();
  const bookmark = useSwitchCollection();
  const following = useSwitchFollow();
  const report = useAddReport();
  const close = useCloseQuestion(questionId);
  const reopen = useReopenQuestion(questionId);
  const operate = useOperateQuestion(questionId);
  const delQ = useDeleteQuestion(questionId);
  const recQ = useRecoverQuestion(questionId);
  const delA = useDeleteAnswer(questionId);
  const recA = useRecoverAnswer(questionId);
  const captcha = useCaptcha('delete');
  const [dialog, setDialog] = useState<'flag' | 'close' | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const can = (a: string) => actions.some((x) => x.action === a);
  const isQ = kind === 'question';

  const toggleBookmark = () => {
    if (!requireLogin()) return;
    bookmark.mutate(
      { object_id: objectId, bookmark: !collected },
      { onSuccess: (r) => onCollected(!collected, r.object_collection_count) },
    );
  };
  const toggleFollow = () => {
    if (!follow || !requireLogin()) return;
    following.mutate({ object_id: objectId, is_cancel: follow.followed }, { onSuccess: (r) => follow.onChange(r.is_followed, r.follows) });
  };

  const runDelete = async (fields: CaptchaFields) => {
    try {
      if (isQ) await delQ.mutateAsync(fields);
      else await delA.mutateAsync({ id: objectId, ...fields });
      feedback.toast('success', t('qa.deleted_done'));
    } catch (err) {
      rethrowIfCaptcha(err);
      feedback.toast('error', err instanceof Error ? err.message : t('error.generic'));
    }
  };

  const onConfirm = async () => {
    const what = confirm;
    setConfirm(null);
    if (!what) return;
    try {
      if (what === 'delete') return void (await captcha.run(runDelete).catch(() => undefined));
      if (what === 'undelete') {
        await (isQ ? recQ.mutateAsync() : recA.mutateAsync(objectId));
        feedback.toast('success', t('qa.undeleted_done'));
        return;
      }
      if (what === 'reopen') await reopen.mutateAsync();
      else await operate.mutateAsync(what);
      feedback.toast('success', t('qa.done'));
    } catch {
      /* the app's error policy has shown the refusal */
    }
  };

  const confirmTexts: Record<Confirm, { title: string; text: string; label: string; danger?: boolean }> = {
    delete: {
      title: t('qa.delete_title'),
      text: isQ ? t('qa.delete_question_text') : t('qa.delete_answer_text'),
      label: t('qa.delete'),
      danger: true,
    },
    undelete: { title: t('qa.undelete_title'), text: t('qa.undelete_text'), label: t('qa.undelete') },
    reopen: { title: t('qa.reopen_title'), text: t('qa.reopen_text'), label: t('qa.reopen') },
    pin: { title: t('qa.pin_title'), text: t('qa.pin_text'), label: t('qa.pin') },
    unpin: { title: t('qa.unpin_title'), text: t('qa.unpin_text'), label: t('qa.unpin') },
    hide: { title: t('qa.unlist_title'), text: t('qa.unlist_text'), label: t('qa.unlist') },
    show: { title: t('qa.list_title'), text: t('qa.list_text'), label: t('qa.list') },
  };
  const shown = confirm ? confirmTexts[confirm] : null;
  const busy = reopen.isPending || operate.isPending || recQ.isPending || recA.isPending || delQ.isPending || delA.isPending;

  return (
    <div className="post-actions" role="group" aria-label={t('qa.actions_label')}>
      {sharePath && <ShareButton path={sharePath} />}
      {can('edit') && (
        <Link to={editHref} className="post-action">
          {t('question.edit')}
        </Link>
      )}
      <span className="action-with-count">
        <Button
          type="button"
          link
          size="small"
          className="post-action"
          icon={collected ? 'bookmark-fill' : 'bookmark'}
          label={collected ? t('question.bookmarked') : t('question.bookmark')}
          aria-pressed={collected}
          loading={bookmark.isPending}
          onClick={toggleBookmark}
        />
        {collectionCount !== undefined && collectionCount > 0 && (
          <span className="action-count muted small" data-testid="bookmark-count" title={t('qa.bookmarks', { count: collectionCount })}>
            <span aria-hidden="true">{collectionCount}</span>
            <span className="sr-only">{t('qa.bookmarks', { count: collectionCount })}</span>
          </span>
        )}
      </span>
      {follow && (
        <span className="action-with-count">
          <Button
            type="button"
            link
            size="small"
            className="post-action"
            icon={follow.followed ? 'bell-off' : 'bell'}
            label={follow.followed ? t('question.following') : t('question.follow')}
            aria-pressed={follow.followed}
            loading={following.isPending}
            onClick={toggleFollow}
          />
          {follow.count !== undefined && follow.count > 0 && (
            <span className="action-count muted small" data-testid="follow-count" title={t('qa.followers', { count: follow.count })}>
              <span aria-hidden="true">{follow.count}</span>
              <span className="sr-only">{t('qa.followers', { count: follow.count })}</span>
            </span>
          )}
        </span>
      )}
      {can('close') && (
        <Button type="button" link size="small" className="post-action" label={t('qa.close')} onClick={() => setDialog('close')} />
      )}
      {can('reopen') && (
        <Button type="button" link size="small" className="post-action" label={t('qa.reopen')} onClick={() => setConfirm('reopen')} />
      )}
      {can('pin') && (
        <Button type="button" link size="small" className="post-action" label={t('qa.pin')} onClick={() => setConfirm('pin')} />
      )}
      {can('unpin') && (
        <Button type="button" link size="small" className="post-action" label={t('qa.unpin')} onClick={() => setConfirm('unpin')} />
      )}
      {can('hide') && (
        <Button type="button" link size="small" className="post-action" label={t('qa.unlist')} onClick={() => setConfirm('hide')} />
      )}
      {can('show') && (
        <Button type="button" link size="small" className="post-action" label={t('qa.list')} onClick={() => setConfirm('show')} />
      )}
      {can('delete') && (
        <Button type="button" link size="small" className="post-action" label={t('qa.delete')} onClick={() => setConfirm('delete')} />
      )}
      {can('undelete') && (
        <Button type="button" link size="small" className="post-action" label={t('qa.undelete')} onClick={() => setConfirm('undelete')} />
      )}
      {can('report') && !(user && ownerId === user.id) && (
        <Button type="button" link size="small" className="post-action" label={t('qa.flag')} onClick={() => setDialog('flag')} />
      )}
      {user && timelineHref && (
        <Link to={timelineHref} className="post-action" aria-label={t('qa.timeline')}>
          <Icon name="history" /> {t('qa.timeline')}
        </Link>
      )}

      <ReasonDialog
        visible={dialog === 'flag'}
        onHide={() => setDialog(null)}
        objectType={kind}
        action="flag"
        busy={report.isPending}
        onSubmit={async (reason, content, fields) => {
          await report.mutateAsync({ object_id: objectId, report_type: reason.reason_type, content: content || undefined, ...fields });
          setDialog(null);
          feedback.toast('success', t('qa.thanks_flag'));
        }}
      />
      {isQ && (
        <ReasonDialog
          visible={dialog === 'close'}
          onHide={() => setDialog(null)}
          objectType="question"
          action="close"
          busy={close.isPending}
          onSubmit={async (reason, content) => {
            await close.mutateAsync({ close_type: reason.reason_type, close_msg: content || undefined });
            setDialog(null);
            feedback.toast('success', t('qa.done'));
          }}
        />
      )}
      <ConfirmDialog
        visible={!!shown}
        title={shown?.title ?? ''}
        text={shown?.text ?? ''}
        confirmLabel={shown?.label ?? ''}
        danger={shown?.danger}
        busy={busy}
        onConfirm={() => void onConfirm()}
        onHide={() => setConfirm(null)}
      />
      <CaptchaDialog {...captcha.dialogProps} />
    </div>
  );
}
