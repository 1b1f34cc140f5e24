import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, InputText, InputTextarea, RadioButton } from '../../../components/ui';
import { rethrowIfCaptcha } from '../../../api/errors';
import { useFormError } from '../../../hooks/useFormError';
import { DUPLICATE_REASON, useReasons, type ReasonItem } from '../../../api/reason/reason-query';
import type { CaptchaFields } from '../../../api/user/types';
import { useSession } from '../../../app/session';
import { CaptchaDialog } from '../../../components/CaptchaDialog';
import { useCaptcha } from '../../../hooks/useCaptcha';

type T = TFunction;

/** The message of a duplicate's URL: it must parse and have the origin of this site. */
export function checkQuestionUrl(t: T, value: string, siteUrl: string | undefined): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
  } catch {
    return t('qa.url_invalid');
  }
  const origins = new Set([window.location.origin]);
  try {
    if (siteUrl) origins.add(new URL(siteUrl).origin);
  } catch {
    /* a site URL that does not parse names no origin */
  }
  return origins.has(url.origin) ? undefined : t('qa.url_origin');
}

/** What the dialog checks before sending (spec section 5). */
export function checkReason(
  t: T,
  reason: ReasonItem | undefined,
  content: string,
  siteUrl: string | undefined,
  requireText: boolean,
): { reason?: string; content?: string } {
  if (!reason) return { reason: t('qa.select_reason') };
  if (reason.reason_type === DUPLICATE_REASON || reason.content_type === 'text') {
    if (!content.trim()) return { content: t('qa.cannot_be_empty') };
    const bad = checkQuestionUrl(t, content, siteUrl);
    return bad ? { content: bad } : {};
  }
  if (requireText && reason.content_type && !content.trim()) return { content: t('qa.cannot_be_empty') };
  return {};
}

/** Props of the flag and close dialogs. */
export interface ReasonDialogProps {
  visible: boolean;
  onHide(): void;
  /** question, answer or comment. */
  objectType: string;
  /** 'flag' (report) or 'close'. */
  action: 'flag' | 'close';
  /** Sends the choice; throw an ApiError to show the server's field errors. */
  onSubmit(reason: ReasonItem, content: string, captcha: CaptchaFields): Promise<void>;
  busy?: boolean;
}

/**
 * Choose a reason (from GET reasons), give a remark when the reason asks for one, the original's
 * URL for a duplicate; flags go through the captcha when the server asks.
 */
export function ReasonDialog({ visible, onHide, objectType, action, onSubmit, busy }: ReasonDialogProps) {
  const { t } = useTranslation();
  const { site } = useSession();
  const reasons = useReasons(objectType, action, visible);
  const captcha = useCaptcha('report');
  const [chosen, setChosen] = useState<number | undefined>();
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; content?: string }>({});
  const showError = useFormError(setErrors, {
    fields: (fe) => ({ content: fe.content ?? fe.close_msg, reason: fe.report_type ?? fe.close_type }),
  });
  const list = reasons.data ?? [];
  const reason = list.find((r) => r.reason_type === chosen);
  const isClose = action === 'close';
  const idp = `${action}-${objectType}`;
  const title = isClose ? t('qa.close_title') : t('qa.report_title');

  const reset = () => {
    setChosen(undefined);
    setContent('');
    setErrors({});
  };
  const hide = () => {
    reset();
    onHide();
  };

  const send = async (fields: CaptchaFields) => {
    if (!reason) return;
    try {
      await onSubmit(reason, content.trim(), fields);
      reset();
    } catch (err) {
      rethrowIfCaptcha(err);
      showError(err);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = checkReason(t, reason, content, site.general.site_url, true);
    setErrors(local);
    if (local.reason || local.content) return;
    // closing is for staff (no captcha); flags may need one
    if (isClose) await send({});
    else await captcha.run(send).catch(() => undefined);
  };

  const textKind = reason
    ? reason.reason_type === DUPLICATE_REASON || reason.content_type === 'text'
      ? 'url'
      : reason.content_type
        ? 'remark'
        : isClose
          ? 'message'
          : ''
    : '';
  const fieldId = `${idp}-content`;
  const fieldLabel = textKind === 'url' ? t('qa.dup_url_label') : textKind === 'remark' ? t('qa.remark_label') : t('qa.close_msg_label');

  return (
    <>
      <Dialog
        header={title}
        visible={visible && !captcha.dialogProps.record}
        onHide={hide}
        style={{ width: 'min(34rem, 94vw)' }}
        className="reason-dialog"
      >
        <form onSubmit={submit} noValidate className="stack">
          <fieldset className="reason-list" aria-describedby={errors.reason ? `${idp}-reason-error` : undefined}>
            <legend>{isClose ? t('qa.close_legend') : t('qa.report_legend')}</legend>
            {reasons.isLoading && <p className="muted">{t('qa.reasons_loading')}</p>}
            {list.map((r) => {
              const id = `${idp}-reason-${r.reason_type}`;
              return (
                <div key={r.reason_type} className="reason-item">
                  <RadioButton
                    inputId={id}
                    name={`${idp}-reason`}
                    value={r.reason_type}
                    checked={chosen === r.reason_type}
                    onChange={() => {
                      if (chosen !== r.reason_type) setContent('');
                      setChosen(r.reason_type);
                      setErrors({});
                    }}
                    aria-describedby={`${id}-desc`}
                  />
                  <label htmlFor={id}>
                    <strong>{r.name}</strong>
                    <span id={`${id}-desc`} className="muted small reason-desc">
                      {r.description}
                    </span>
                  </label>
                </div>
              );
            })}
          </fieldset>
          {errors.reason && (
            <small id={`${idp}-reason-error`} className="field-error" role="alert">
              {errors.reason}
            </small>
          )}
          {textKind && (
            <div className="field">
              <label htmlFor={fieldId}>{fieldLabel}</label>
              {textKind === 'url' ? (
                <InputText
                  id={fieldId}
                  type="url"
                  value={content}
                  onChange={(e) => setContent(e.target.value)}
                  placeholder={reason?.placeholder || undefined}
                  invalid={!!errors.content}
                  aria-invalid={!!errors.content}
                  aria-describedby={errors.content ? `${fieldId}-error` : `${fieldId}-hint`}
                />
              ) : (
                <InputTextarea
                  id={fieldId}
                  rows={3}
                  value={content}
                  onChange={(e) => setContent(e.target.value)}
                  placeholder={reason?.placeholder || undefined}
                  invalid={!!errors.content}
                  aria-invalid={!!errors.content}
                  aria-describedby={errors.content ? `${fieldId}-error` : undefined}
                />
              )}
              {errors.content ? (
                <small id={`${fieldId}-error`} className="field-error" role="alert">
                  {errors.content}
                </small>
              ) : (
                textKind === 'url' && (
                  <small id={`${fieldId}-hint`} className="field-hint">
                    {t('qa.dup_url_hint')}
                  </small>
                )
              )}
            </div>
          )}
          <div className="form-buttons dialog-buttons">
            <Button type="button" text label={t('common.cancel')} onClick={hide} />
            <Button
              type="submit"
              label={isClose ? t('qa.close_submit') : t('qa.report_submit')}
              severity={isClose ? undefined : 'danger'}
              loading={busy}
            />
          </div>
        </form>
      </Dialog>
      <CaptchaDialog {...captcha.dialogProps} />
    </>
  );
}
