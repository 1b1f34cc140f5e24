import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '../../components/ui';
import { rethrowIfCaptcha } from '../../api/errors';
import { useMyConnectors, useUnbindConnector } from '../../api/connector/connector-calls';
import type { UserConnector } from '../../api/connector/types';
import { modifyPassword, sendEmailChangeCode } from '../../api/user/settings-calls';
import { useSession } from '../../app/session';
import { CaptchaDialog } from '../../components/CaptchaDialog';
import { useFeedback } from '../../components/Feedback';
import { useCaptcha } from '../../hooks/useCaptcha';
import { useDelayed } from '../../hooks/useDelayed';
import type { Errors } from '../../utils/validation';
import { useFormError } from '../../hooks/useFormError';
import { focusFirst, TextField } from './parts';
import { checkEmailChange, checkPasswordChange } from './settings-validation';
import { MAIL_STATUS } from '../../../server/contract/enums';

/** The account tab: change email, change password, my logins. */
export function AccountTab() {
  return (
    <div className="stack settings-account">
      <ChangeEmailForm />
      <ChangePasswordForm />
      <MyLogins />
    </div>
  );
}

/** Change email: sends a confirmation link to the new address (captcha when the server asks). */
export function ChangeEmailForm() {
  const { t } = useTranslation();
  const { user } = useSession();
  const feedback = useFeedback();
  const captcha = useCaptcha('edit_userinfo');
  // the server asks for the password of an activated account that has one
  const needsPassword = user?.have_password !== false && user?.mail_status === MAIL_STATUS.verified;
  const [v, setV] = useState({ e_mail: '', pass: '' });
  const [errors, setErrors] = useState<Errors>({});
  // other failures: the app's error policy shows them
  const showError = useFormError(setErrors, { focus: true, show: false });
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState('');
  const set = (k: 'e_mail' | 'pass', x: string) => {
    setV((o) => ({ ...o, [k]: x }));
    if (errors[k]) setErrors(({ [k]: _drop, ...rest }) => rest);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = checkEmailChange(t, v, needsPassword);
    setErrors(local);
    setSentTo('');
    if (Object.keys(local).length) return focusFirst(local);
    setBusy(true);
    await captcha
      .run(async (fields) => {
        try {
          await sendEmailChangeCode({ e_mail: v.e_mail.trim(), ...(needsPassword ? { pass: v.pass } : {}), ...fields });
          feedback.toast('success', t('settings.account.sent'));
          setSentTo(v.e_mail.trim());
          setV({ e_mail: '', pass: '' });
        } catch (err) {
          rethrowIfCaptcha(err);
          showError(err);
        }
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <section className="settings-section" aria-labelledby="email-heading">
      <h3 id="email-heading">{t('settings.account.email_heading')}</h3>
      {user?.e_mail && <p className="muted">{t('settings.account.current_email', { email: user.e_mail })}</p>}
      <form onSubmit={submit} noValidate className="stack settings-form">
        <TextField
          id="e_mail"
          label={t('settings.account.new_email')}
          type="email"
          value={v.e_mail}
          onChange={(x) => set('e_mail', x)}
          error={errors.e_mail}
          autoComplete="email"
        />
        {needsPassword && (
          <TextField
            id="pass"
            label={t('settings.account.email_password')}
            type="password"
            value={v.pass}
            onChange={(x) => set('pass', x)}
            error={errors.pass}
            hint={t('settings.account.email_password_hint')}
            autoComplete="current-password"
          />
        )}
        {sentTo && (
          <p className="settings-info" role="status">
            {t('settings.account.sent_info')}
          </p>
        )}
        <div className="form-buttons">
          <Button type="submit" label={t('settings.account.send_link')} loading={busy} />
        </div>
      </form>
      <CaptchaDialog {...captcha.dialogProps} />
    </section>
  );
}

/** Change password: current one (when the account has a password), new 8-32, confirmation. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { user, refreshUser } = useSession();
  const feedback = useFeedback();
  const captcha = useCaptcha('edit_userinfo');
  const hasPassword = user?.have_password !== false;
  const [v, setV] = useState({ old_pass: '', pass: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  // other failures: the app's error policy shows them
  const showError = useFormError(setErrors, { focus: true, show: false });
  const [busy, setBusy] = useState(false);
  const set = (k: 'old_pass' | 'pass' | 'confirm', x: string) => {
    setV((o) => ({ ...o, [k]: x }));
    if (errors[k]) setErrors(({ [k]: _drop, ...rest }) => rest);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = checkPasswordChange(t, v, hasPassword);
    setErrors(local);
    if (Object.keys(local).length) return focusFirst(local);
    setBusy(true);
    await captcha
      .run(async (fields) => {
        try {
          await modifyPassword({ ...(hasPassword ? { old_pass: v.old_pass } : {}), pass: v.pass, ...fields });
          feedback.toast('success', t('settings.account.password_changed'));
          setV({ old_pass: '', pass: '', confirm: '' });
          if (!hasPassword) await refreshUser(true);
        } catch (err) {
          rethrowIfCaptcha(err);
          showError(err);
        }
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <section className="settings-section" aria-labelledby="password-heading">
      <h3 id="password-heading">{t('settings.account.password_heading')}</h3>
      {!hasPassword && <p className="muted">{t('settings.account.no_password')}</p>}
      <form onSubmit={submit} noValidate className="stack settings-form">
        {hasPassword && (
          <TextField
            id="old_pass"
            label={t('settings.account.old_pass')}
            type="password"
            value={v.old_pass}
            onChange={(x) => set('old_pass', x)}
            error={errors.old_pass}
            autoComplete="current-password"
          />
        )}
        <TextField
          id="new_pass"
          label={t('settings.account.new_pass')}
          type="password"
          value={v.pass}
          onChange={(x) => set('pass', x)}
          error={errors.pass}
          hint={t('settings.account.new_pass_hint')}
          autoComplete="new-password"
        />
        <TextField
          id="confirm_pass"
          label={t('settings.account.confirm_pass')}
          type="password"
          value={v.confirm}
          onChange={(x) => set('confirm', x)}
          error={errors.confirm}
          autoComplete="new-password"
        />
        <div className="form-buttons">
          <Button type="submit" label={t('settings.account.change_password')} loading={busy} />
        </div>
      </form>
      <CaptchaDialog {...captcha.dialogProps} />
    </section>
  );
}

/** One third-party login: its icon and name, whether it is connected, and the button to connect or remove it. */
function ConnectorItem({ connector: c, onRemove }: { connector: UserConnector; onRemove(): void }) {
  const { t } = useTranslation();
  return (
    <li className="connector-item">
      {c.icon && (
        <img
          className="connector-icon"
          src={c.icon.startsWith('<svg') ? `data:image/svg+xml;utf8,${encodeURIComponent(c.icon)}` : c.icon}
          alt=""
          width={24}
          height={24}
        />
      )}
      <span className="connector-name">{c.name}</span>
      <span className="muted small">{c.binding ? t('settings.account.bound') : t('settings.account.not_bound')}</span>
      {c.binding ? (
        <Button
          type="button"
          outlined
          severity="danger"
          size="small"
          label={t('settings.account.unbind')}
          aria-label={`${t('settings.account.unbind')} ${c.name}`}
          onClick={onRemove}
        />
      ) : (
        <a className="p-button p-button-outlined p-button-sm" href={c.link} aria-label={`${t('settings.account.bind')} ${c.name}`}>
          {t('settings.account.bind')}
        </a>
      )}
    </li>
  );
}

/** Asks before a third-party login is removed from the account. */
function UnbindDialog(props: { visible: boolean; busy: boolean; onCancel(): void; onConfirm(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      header={t('settings.account.unbind_title')}
      visible={props.visible}
      onHide={props.onCancel}
      style={{ width: 'min(26rem, 92vw)' }}
      footer={
        <div className="form-buttons">
          <Button label={t('common.cancel')} outlined onClick={props.onCancel} autoFocus />
          <Button label={t('settings.account.unbind')} severity="danger" loading={props.busy} onClick={props.onConfirm} />
        </div>
      }
    >
      <p>{t('settings.account.unbind_body')}</p>
    </Dialog>
  );
}

/** My logins: the third-party logins that are on, to connect or remove. */
export function MyLogins() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const list = useMyConnectors();
  const unbind = useUnbindConnector();
  const slow = useDelayed(list.isPending);
  const [removing, setRemoving] = useState<UserConnector | null>(null);
  const items = list.data ?? [];
  const confirm = () => {
    if (!removing) return;
    unbind.mutate(removing.external_id, {
      onSuccess: () => feedback.toast('success', t('settings.account.unbind_done')),
      onSettled: () => setRemoving(null),
    });
  };
  return (
    <section className="settings-section" aria-labelledby="logins-heading">
      <h3 id="logins-heading">{t('settings.account.logins_heading')}</h3>
      {list.isPending ? (
        slow && (
          <p className="muted" role="status">
            {t('settings.loading')}
          </p>
        )
      ) : items.length === 0 ? (
        <p className="empty-state muted settings-empty">{t('settings.account.logins_empty')}</p>
      ) : (
        <>
          <p className="muted">{t('settings.account.logins_intro')}</p>
          <ul className="connector-list">
            {items.map((c) => (
              <ConnectorItem key={c.name} connector={c} onRemove={() => setRemoving(c)} />
            ))}
          </ul>
        </>
      )}
      <UnbindDialog visible={!!removing} busy={unbind.isPending} onCancel={() => setRemoving(null)} onConfirm={confirm} />
    </section>
  );
}
