import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Dialog, InputText, InputTextarea, RadioButton } from '../../components/ui';
import { SUSPEND_DURATIONS, type AdminUser, type SuspendDuration } from '../../api/admin/types';
import {
  addUsers,
  editUserProfile,
  fetchActivation,
  sendActivation,
  setUserPassword,
  setUserRole,
  setUserStatus,
  useRoles,
  useUserChange,
} from '../../api/admin/users-query';
import { showFormError } from '../../hooks/useFormError';
import { Field } from '../../components/Field';
import { UnsavedChangesDialog } from '../../components/editor/UnsavedChangesDialog';
import { useFeedback } from '../../components/Feedback';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import type { Errors } from '../../utils/validation';
import { ClaimDialog } from './ClaimDialog';
import { checkBulkUsers, checkNewPassword, checkProfile } from './user-validation';

/** Which dialog is open for which user. */
export type UserDialog = 'role' | 'status' | 'password' | 'profile' | 'activation' | 'delete' | 'claim';

/**
 * A dialog holding a form: while it has changes, leaving the page or closing it asks first (the
 * unsaved-changes prompt); Cancel closes it at once.
 */
function FormDialog(props: {
  title: string;
  dirty: boolean;
  busy: boolean;
  submitLabel: string;
  danger?: boolean;
  onClose(): void;
  onSubmit(e: FormEvent): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { title, dirty, busy, submitLabel, danger, onClose, onSubmit, children } = props;
  const guard = useUnsavedChanges(dirty);
  const [asking, setAsking] = useState(false);
  const formId = `admin-dialog-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <>
      <Dialog
        header={title}
        visible
        onHide={() => (dirty ? setAsking(true) : onClose())}
        style={{ width: 'min(32rem, 94vw)' }}
        footer={
          <div className="form-buttons dialog-buttons">
            <Button type="button" text label={t('admin.common.cancel')} onClick={onClose} />
            <Button type="submit" form={formId} label={submitLabel} severity={danger ? 'danger' : undefined} loading={busy} />
          </div>
        }
      >
        <form id={formId} onSubmit={onSubmit} noValidate className="stack">
          {children}
        </form>
      </Dialog>
      <UnsavedChangesDialog guard={guard} />
      <UnsavedChangesDialog
        guard={{
          prompting: asking,
          stay: () => setAsking(false),
          leave: () => {
            guard.allow();
            setAsking(false);
            onClose();
          },
        }}
      />
    </>
  );
}

/** Runs a change; field errors go to `setErrors`, others to a toast. Resolves whether it worked. */
function useSubmit() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  return async (run: () => Promise<unknown>, setErrors: (e: Errors) => void, success: string = t('admin.common.update_success')) => {
    try {
      await run();
      feedback.toast('success', success);
      return true;
    } catch (err) {
      showFormError(err, setErrors, { feedback, t });
      return false;
    }
  };
}

/** Change the role: one of the roles from the roles call. */
export function RoleDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { t } = useTranslation();
  const roles = useRoles().data ?? [];
  const [roleId, setRoleId] = useState(user.role_id);
  const [errors, setErrors] = useState<Errors>({});
  const change = useUserChange(setUserRole);
  const submit = useSubmit();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (await submit(() => change.mutateAsync({ user_id: user.user_id, role_id: roleId }), setErrors)) onClose();
  };
  return (
    <FormDialog
      title={t('admin.users.role_modal.title')}
      dirty={roleId !== user.role_id}
      busy={change.isPending}
      submitLabel={t('admin.common.save')}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <fieldset className="admin-choices">
        <legend>{t('admin.users.role_modal.label')}</legend>
        {roles.map((r) => (
          <div key={r.id} className="admin-choice">
            <RadioButton inputId={`role-${r.id}`} name="role" value={r.id} checked={roleId === r.id} onChange={() => setRoleId(r.id)} />
            <label htmlFor={`role-${r.id}`}>
              <strong>{r.name}</strong>
              {r.description && <span className="field-hint"> — {r.description}</span>}
            </label>
          </div>
        ))}
      </fieldset>
      {(errors.role_id || errors.user_id) && (
        <small className="field-error" role="alert">
          {errors.role_id || errors.user_id}
        </small>
      )}
    </FormDialog>
  );
}

/** Change the status: normal, suspended for a chosen duration, inactive (deleting has its own dialog). */
export function StatusDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { t } = useTranslation();
  const start = user.status === 'deleted' ? 'normal' : user.status;
  const [status, setStatus] = useState<'normal' | 'suspended' | 'inactive'>(start);
  const [duration, setDuration] = useState<SuspendDuration>('24h');
  const [errors, setErrors] = useState<Errors>({});
  const change = useUserChange(setUserStatus);
  const submit = useSubmit();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { user_id: user.user_id, status, ...(status === 'suspended' ? { suspend_duration: duration } : {}) };
    if (await submit(() => change.mutateAsync(body), setErrors)) onClose();
  };
  const options = SUSPEND_DURATIONS.map((d) => ({ value: d, label: t(`admin.users.status_modal.durations.${d}`) }));
  return (
    <FormDialog
      title={t('admin.users.status_modal.title')}
      dirty={status !== start}
      busy={change.isPending}
      submitLabel={t('admin.common.save')}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <fieldset className="admin-choices">
        <legend>{t('admin.users.status_modal.label')}</legend>
        {(['normal', 'suspended', 'inactive'] as const).map((s) => (
          <div key={s} className="admin-choice">
            <RadioButton inputId={`status-${s}`} name="status" value={s} checked={status === s} onChange={() => setStatus(s)} />
            <label htmlFor={`status-${s}`}>
              <strong>{t(`admin.users.status_${s}`)}</strong>
              <span className="field-hint"> — {t(`admin.users.status_modal.${s}_hint`)}</span>
            </label>
          </div>
        ))}
      </fieldset>
      {status === 'suspended' && (
        <div className="field">
          <label htmlFor="suspend-duration">{t('admin.users.status_modal.duration')}</label>
          <select
            id="suspend-duration"
            className="p-inputtext p-component"
            value={duration}
            onChange={(e) => setDuration(e.target.value as SuspendDuration)}
            aria-describedby="suspend-duration-hint"
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <small id="suspend-duration-hint" className="field-hint">
            {t('admin.users.status_modal.duration_hint')}
          </small>
        </div>
      )}
      {(errors.status || errors.suspend_duration) && (
        <small className="field-error" role="alert">
          {errors.status || errors.suspend_duration}
        </small>
      )}
    </FormDialog>
  );
}

/** Delete the account, optionally with all its content. */
export function DeleteDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { t } = useTranslation();
  const [removeAll, setRemoveAll] = useState(false);
  const [, setErrors] = useState<Errors>({});
  const change = useUserChange(setUserStatus);
  const submit = useSubmit();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (await submit(() => change.mutateAsync({ user_id: user.user_id, status: 'deleted', remove_all_content: removeAll }), setErrors))
      onClose();
  };
  return (
    <FormDialog
      title={t('admin.users.delete_modal.title')}
      dirty={false}
      busy={change.isPending}
      submitLabel={t('admin.users.delete_modal.confirm')}
      danger
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <p>{t('admin.users.delete_modal.body', { name: user.display_name })}</p>
      <div className="admin-choice">
        <Checkbox inputId="remove-all" checked={removeAll} onChange={(e) => setRemoveAll(!!e.checked)} aria-describedby="remove-all-hint" />
        <label htmlFor="remove-all">{t('admin.users.delete_modal.remove_content')}</label>
      </div>
      <small id="remove-all-hint" className="field-hint">
        {t('admin.users.delete_modal.remove_content_hint')}
      </small>
    </FormDialog>
  );
}

/** Set a new password (8-32); the server logs the user out. */
export function PasswordDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const change = useUserChange(setUserPassword);
  const submit = useSubmit();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const local = checkNewPassword(t, password);
    setErrors(local);
    if (Object.keys(local).length) return;
    if (await submit(() => change.mutateAsync({ user_id: user.user_id, password }), setErrors)) onClose();
  };
  return (
    <FormDialog
      title={t('admin.users.password_modal.title')}
      dirty={password !== ''}
      busy={change.isPending}
      submitLabel={t('admin.common.save')}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <Field
        id="password"
        type="password"
        label={t('admin.users.password_modal.label')}
        value={password}
        onChange={setPassword}
        error={errors.password}
        hint={t('admin.users.password_modal.hint')}
        autoComplete="new-password"
        autoFocus
      />
    </FormDialog>
  );
}

/** Edit display name, username and email (all required; names 3-30). */
export function ProfileDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { t } = useTranslation();
  const start = { display_name: user.display_name, username: user.username, email: user.e_mail };
  const [v, setV] = useState(start);
  const [errors, setErrors] = useState<Errors>({});
  const change = useUserChange(editUserProfile);
  const submit = useSubmit();
  const set = (k: keyof typeof start) => (value: string) => setV((o) => ({ ...o, [k]: value }));
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const local = checkProfile(t, v);
    setErrors(local);
    if (Object.keys(local).length) return;
    const body = { user_id: user.user_id, display_name: v.display_name.trim(), username: v.username.trim(), email: v.email.trim() };
    if (await submit(() => change.mutateAsync(body), setErrors)) onClose();
  };
  const dirty = v.display_name !== start.display_name || v.username !== start.username || v.email !== start.email;
  return (
    <FormDialog
      title={t('admin.users.profile_modal.title')}
      dirty={dirty}
      busy={change.isPending}
      submitLabel={t('admin.common.save')}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <Field
        id="display_name"
        label={t('admin.users.profile_modal.display_name')}
        value={v.display_name}
        onChange={set('display_name')}
        error={errors.display_name}
      />
      <Field
        id="username"
        label={t('admin.users.profile_modal.username')}
        value={v.username}
        onChange={set('username')}
        error={errors.username}
      />
      <Field
        id="email"
        type="email"
        label={t('admin.users.profile_modal.email')}
        value={v.email}
        onChange={set('email')}
        error={errors.email}
      />
    </FormDialog>
  );
}

/** The activation link, shown and copyable (an offline site may send no mail), and a send-mail button. */
export function ActivationDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [url, setUrl] = useState('');
  const send = useUserChange(sendActivation);
  useEffect(() => {
    let live = true;
    void fetchActivation(user.user_id).then(
      (r) => live && setUrl(r.activation_url),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [user.user_id]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      feedback.toast('success', t('admin.users.activation_modal.copied'));
    } catch {
      (document.getElementById('activation-url') as HTMLInputElement | null)?.select();
    }
  };
  const mail = async () => {
    try {
      await send.mutateAsync({ user_id: user.user_id });
      feedback.toast('success', t('admin.users.activation_modal.sent'));
    } catch (err) {
      feedback.toast('error', err instanceof Error ? err.message : t('error.generic'));
    }
  };
  return (
    <Dialog
      header={t('admin.users.activation_modal.title')}
      visible
      onHide={onClose}
      style={{ width: 'min(36rem, 94vw)' }}
      footer={
        <div className="form-buttons dialog-buttons">
          <Button type="button" text label={t('admin.users.activation_modal.send')} onClick={() => void mail()} loading={send.isPending} />
          <Button type="button" label={t('admin.users.activation_modal.copy')} icon="copy" onClick={() => void copy()} disabled={!url} />
        </div>
      }
    >
      <p>{t('admin.users.activation_modal.body', { name: user.display_name })}</p>
      <div className="field">
        <label htmlFor="activation-url">{t('admin.users.activation_modal.label')}</label>
        <InputText id="activation-url" value={url} readOnly onFocus={(e) => e.target.select()} />
      </div>
    </Dialog>
  );
}

/** Bulk add: one 'name, email, password' per line; the lines' errors are listed before anything is sent. */
export function AddUsersDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const change = useUserChange(addUsers);
  const submit = useSubmit();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const local = checkBulkUsers(t, text);
    setErrors(local);
    if (local.length) return;
    const count = text.trim().split('\n').length;
    const ok = await submit(
      () => change.mutateAsync({ users: text.trim() }),
      (fe) => setErrors(Object.values(fe)),
      t('admin.users.add_modal.added', { count }),
    );
    if (ok) onClose();
  };
  return (
    <FormDialog
      title={t('admin.users.add_modal.title')}
      dirty={text.trim() !== ''}
      busy={change.isPending}
      submitLabel={t('admin.users.add_modal.submit')}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <div className="field">
        <label htmlFor="bulk-users">{t('admin.users.add_modal.label')}</label>
        <InputTextarea
          id="bulk-users"
          rows={6}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('admin.users.add_modal.placeholder')}
          invalid={errors.length > 0}
          aria-invalid={errors.length > 0}
          aria-describedby={errors.length ? 'bulk-users-error' : 'bulk-users-hint'}
          autoFocus
        />
        {errors.length === 0 && (
          <small id="bulk-users-hint" className="field-hint">
            {t('admin.users.add_modal.hint')}
          </small>
        )}
        {errors.length > 0 && (
          <ul id="bulk-users-error" className="field-error admin-line-errors" role="alert">
            {errors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
      </div>
    </FormDialog>
  );
}

/** The dialog chosen for a user. */
export function UserDialogFor({ dialog, user, onClose }: { dialog: UserDialog | null; user: AdminUser | null; onClose(): void }) {
  if (!dialog || !user) return null;
  switch (dialog) {
    case 'role':
      return <RoleDialog user={user} onClose={onClose} />;
    case 'status':
      return <StatusDialog user={user} onClose={onClose} />;
    case 'password':
      return <PasswordDialog user={user} onClose={onClose} />;
    case 'profile':
      return <ProfileDialog user={user} onClose={onClose} />;
    case 'activation':
      return <ActivationDialog user={user} onClose={onClose} />;
    case 'delete':
      return <DeleteDialog user={user} onClose={onClose} />;
    case 'claim':
      return <ClaimDialog user={user} onClose={onClose} />;
  }
}
