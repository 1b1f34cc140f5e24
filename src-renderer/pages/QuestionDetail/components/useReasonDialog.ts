import type { ReasonItem } from '../../../api/reason/reason-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rethrowIfCaptcha } from '../../../api/errors';
import { useReasons } from '../../../api/reason/reason-query';
import type { CaptchaFields } from '../../../api/user/types';
import { useSession } from '../../../app/session';
import { useCaptcha } from '../../../hooks/useCaptcha';
import { useFormError } from '../../../hooks/useFormError';
import { checkReason } from './reason-checks';

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

/** Field errors of the reason dialog. */
export type ReasonErrors = { reason?: string; content?: string };

/**
 * The reason dialog's state: the reasons loaded while it is open, the chosen one, its text and the
 * errors; `choose`, `hide` and `submit` (checked here, then sent, flags behind the captcha).
 */
export function useReasonDialog({ visible, onHide, objectType, action, onSubmit }: ReasonDialogProps) {
  const { t } = useTranslation();
  const { site } = useSession();
  const reasons = useReasons(objectType, action, visible);
  const captcha = useCaptcha('report');
  const [chosen, setChosen] = useState<number | undefined>();
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<ReasonErrors>({});
  const showError = useFormError(setErrors, {
    fields: (fe) => ({ content: fe.content ?? fe.close_msg, reason: fe.report_type ?? fe.close_type }),
  });
  const list = reasons.data ?? [];
  const reason = list.find((r) => r.reason_type === chosen);

  const reset = () => {
    setChosen(undefined);
    setContent('');
    setErrors({});
  };
  const hide = () => {
    reset();
    onHide();
  };
  const choose = (reasonType: number) => {
    if (chosen !== reasonType) setContent('');
    setChosen(reasonType);
    setErrors({});
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
    if (action === 'close') await send({});
    else await captcha.run(send).catch(() => undefined);
  };

  return { reasons, list, reason, chosen, choose, content, setContent, errors, captcha, hide, submit };
}
