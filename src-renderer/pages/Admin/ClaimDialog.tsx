import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, InputText } from '../../components/ui';
import { adminKeys } from '../../api/admin/keys';
import type { AdminUser } from '../../api/admin/types';
import { createClaimLink, type ClaimLink } from '../../api/claims/claim-query';
import { useFormError } from '../../hooks/useFormError';
import { Field } from '../../components/Field';
import { useFeedback } from '../../components/Feedback';
import { fullTime } from '../../utils/time';
import { checkEmail, compact, type Errors } from '../../utils/validation';

/** A new claim link for the account, asked for once on opening (a refusal toasts and reloads the users), and its copy to the clipboard. */
function useClaimLink(user: AdminUser) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const qc = useQueryClient();
  const [link, setLink] = useState<ClaimLink | null>(null);
  const make = useMutation({ mutationFn: createClaimLink, onSuccess: (r) => setLink(r) });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    make.mutateAsync({ user_id: user.user_id }).catch((err: unknown) => {
      feedback.toast('error', err instanceof Error ? err.message : t('error.generic'));
      void qc.invalidateQueries({ queryKey: adminKeys.users() });
    });
  }, [make, user.user_id, feedback, t, qc]);
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.claim_url);
      feedback.toast('success', t('claims.admin.copied'));
    } catch {
      (document.getElementById('claim-url') as HTMLInputElement | null)?.select();
    }
  };
  return { link, make, copy };
}

/** Mails a new link to an address (which replaces the one shown). */
function SendLinkForm({ user, make }: { user: AdminUser; make: ReturnType<typeof useClaimLink>['make'] }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const showError = useFormError(setErrors);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    const local = compact({ e_mail: checkEmail(t, email) });
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      await make.mutateAsync({ user_id: user.user_id, e_mail: email.trim() });
      feedback.toast('success', t('claims.admin.sent', { email: email.trim() }));
    } catch (err) {
      showError(err);
    }
  };
  return (
    <form onSubmit={send} noValidate className="stack" aria-label={t('claims.admin.send')}>
      <Field
        id="claim-email"
        label={t('claims.admin.email_label')}
        type="email"
        value={email}
        onChange={setEmail}
        error={errors.e_mail}
        hint={t('claims.admin.email_hint')}
        autoComplete="off"
      />
      <div>
        <Button type="submit" outlined icon="mail" label={t('claims.admin.send')} loading={make.isPending && email !== ''} />
      </div>
    </form>
  );
}

/**
 * Admin → Users → an imported account → "Claim link": a one-time link (7 days) for the person
 * behind the account, shown to copy and, when an address is given, mailed there (a new link each
 * time; the previous one stops working).
 */
export function ClaimDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { link, make, copy } = useClaimLink(user);
  return (
    <Dialog
      header={t('claims.admin.title', { name: user.display_name })}
      visible
      onHide={onClose}
      style={{ width: 'min(36rem, 94vw)' }}
      footer={
        <div className="form-buttons dialog-buttons">
          <Button type="button" text label={t('admin.common.cancel')} onClick={onClose} />
          <Button type="button" label={t('claims.admin.copy')} icon="copy" onClick={() => void copy()} disabled={!link} />
        </div>
      }
    >
      <div className="stack">
        <p>{t('claims.admin.body', { name: user.display_name })}</p>
        <div className="field">
          <label htmlFor="claim-url">{t('claims.admin.link_label')}</label>
          <InputText
            id="claim-url"
            value={link?.claim_url ?? ''}
            readOnly
            onFocus={(e) => e.target.select()}
            aria-describedby="claim-url-hint"
          />
          <small id="claim-url-hint" className="field-hint">
            {link ? t('claims.admin.expires', { date: fullTime(link.expires_at, i18n.language) }) : t('common.loading')}
          </small>
        </div>
        <SendLinkForm user={user} make={make} />
      </div>
    </Dialog>
  );
}
