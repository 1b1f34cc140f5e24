import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, InputText, InputTextarea, ProgressSpinner } from '../../../components/ui';
import { FieldFoot } from '../../../components/Field';
import { useSaveSettings } from '../../../api/admin-settings/settings-query';
import type { AdminSettings, SettingGroup } from '../../../api/admin-settings/types';
import { useFormError } from '../../../hooks/useFormError';
import { useFeedback } from '../../../components/Feedback';
import { UnsavedChangesDialog } from '../../../components/editor/UnsavedChangesDialog';
import { useDelayed } from '../../../hooks/useDelayed';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { useUnsavedChanges } from '../../../hooks/useUnsavedChanges';
import type { Errors } from '../../../utils/validation';
import './admin-settings.css';

/** Moves the focus to the first field with an error (ids are the field names). */
export function focusFirst(errors: Errors): void {
  const first = Object.keys(errors)[0];
  if (first) document.getElementById(first)?.focus();
}

/** The state of one settings form: values, errors, whether they differ from the saved ones, and the save. */
export interface GroupForm<V> {
  values: V;
  set<K extends keyof V>(key: K, value: V[K]): void;
  errors: Errors;
  saving: boolean;
  dirty: boolean;
  submit(e: FormEvent): void;
  guard: ReturnType<typeof useUnsavedChanges>;
}

/**
 * A settings group's form: checks the values with `check` (the spec's messages), saves the whole
 * group with PUT, shows 'update success' or the server's field errors on their fields, and holds
 * navigation while there are unsaved changes.
 */
export function useGroupForm<G extends SettingGroup, V>(
  group: G,
  initial: V,
  opts: {
    toBody(v: V): AdminSettings[G];
    check?(v: V): Errors;
    onSaved?(v: V): void;
    /** Other groups the same form also saves (after its own), e.g. the interface page's default avatar. */
    also?(v: V): Promise<unknown>;
  },
): GroupForm<V> {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const save = useSaveSettings(group);
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const showError = useFormError(setErrors, { focus: true });
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const guard = useUnsavedChanges(dirty);
  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((o) => ({ ...o, [key]: value }));
    if (errors[key as string]) setErrors(({ [key as string]: _drop, ...rest }) => rest);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local = opts.check?.(values) ?? {};
    setErrors(local);
    if (Object.keys(local).length) return focusFirst(local);
    const sent = values;
    save.mutate(
      { body: opts.toBody(sent), also: opts.also ? () => opts.also!(sent) : undefined },
      {
        onSuccess: () => {
          setSaved(sent);
          guard.allow();
          feedback.toast('success', t('admin_settings.update_success'));
          opts.onSaved?.(sent);
        },
        onError: showError,
      },
    );
  };
  return { values, set, errors, saving: save.isPending, dirty, submit, guard };
}

/** What a screen loads: a query, or several joined with `joined`. */
export interface Loadable<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
}

/** Several loads as one: the data once all have it. */
export function joined<T extends Record<string, unknown>>(parts: { [K in keyof T]: Loadable<T[K]> }): Loadable<T> {
  const list = Object.values(parts) as Loadable<unknown>[];
  const isError = list.some((p) => p.isError);
  const ready = list.every((p) => p.data !== undefined);
  const data = ready ? (Object.fromEntries(Object.entries(parts).map(([k, p]) => [k, (p as Loadable<unknown>).data])) as T) : undefined;
  return { data, isError, isPending: !ready && !isError };
}

/** A settings screen: its title, the loading state of its group, then the form drawn from the loaded data. */
export function SettingsScreen<T>({
  title,
  intro,
  query,
  children,
}: {
  title: string;
  intro?: string;
  query: Loadable<T>;
  children(data: T): ReactNode;
}) {
  const { t } = useTranslation();
  usePageTitle(title);
  const slow = useDelayed(query.isPending);
  return (
    <article className="card admin-settings" aria-labelledby="admin-settings-title">
      <h1 id="admin-settings-title">{title}</h1>
      {intro && <p className="muted">{intro}</p>}
      {query.data !== undefined ? (
        children(query.data)
      ) : query.isError ? (
        <p role="alert">{t('admin_settings.load_failed')}</p>
      ) : slow ? (
        <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('admin_settings.loading')} />
      ) : null}
    </article>
  );
}

/** The form element with the Save button and the unsaved-changes prompt. */
export function SettingsForm<V>({ form, children, label }: { form: GroupForm<V>; children: ReactNode; label?: string }) {
  const { t } = useTranslation();
  return (
    <form onSubmit={form.submit} noValidate className="admin-settings-form" aria-label={label}>
      {children}
      <div className="admin-settings-buttons">
        <Button type="submit" label={t('admin_settings.save')} loading={form.saving} />
      </div>
      <UnsavedChangesDialog guard={form.guard} />
    </form>
  );
}

function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  return [error ? `${id}_error` : '', hint ? `${id}_hint` : ''].filter(Boolean).join(' ') || undefined;
}

/** The hint and error lines under a field (the shared one, kept exported here for the settings pages). */
export { FieldFoot };

/** A labelled one-line text input. */
export function TextInput(p: {
  id: string;
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  hint?: ReactNode;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={p.id}>{p.label}</label>
      <InputText
        id={p.id}
        name={p.id}
        type={p.type ?? 'text'}
        value={p.value}
        placeholder={p.placeholder}
        autoComplete={p.autoComplete ?? 'off'}
        onChange={(e) => p.onChange(e.target.value)}
        invalid={!!p.error}
        aria-invalid={!!p.error}
        aria-describedby={describedBy(p.id, p.hint, p.error)}
      />
      <FieldFoot id={p.id} hint={p.hint} error={p.error} />
    </div>
  );
}

/** A labelled text area (monospace for code). */
export function TextArea(p: {
  id: string;
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  hint?: ReactNode;
  rows?: number;
  code?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={p.id}>{p.label}</label>
      <InputTextarea
        id={p.id}
        name={p.id}
        rows={p.rows ?? 5}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        className={p.code ? 'admin-code' : undefined}
        spellCheck={!p.code}
        invalid={!!p.error}
        aria-invalid={!!p.error}
        aria-describedby={describedBy(p.id, p.hint, p.error)}
      />
      <FieldFoot id={p.id} hint={p.hint} error={p.error} />
    </div>
  );
}

/** A checkbox with its label and a line of description. */
export function Check({
  id,
  label,
  text,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  text?: string;
  checked: boolean;
  onChange(v: boolean): void;
}) {
  return (
    <div className="admin-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={text ? `${id}_text` : undefined}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        {text && (
          <p id={`${id}_text`} className="muted small">
            {text}
          </p>
        )}
      </div>
    </div>
  );
}

/** A group of radio buttons in a fieldset. */
export function Radios<T extends string | number>({
  id,
  legend,
  value,
  options,
  onChange,
  hint,
  error,
}: {
  id: string;
  legend: string;
  value: T;
  options: { value: T; label: string }[];
  onChange(v: T): void;
  hint?: ReactNode;
  error?: string;
}) {
  return (
    <fieldset id={id} tabIndex={-1} className="admin-fieldset" aria-describedby={describedBy(id, hint, error)}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <div key={String(o.value)} className="admin-radio">
          <input type="radio" id={`${id}_${o.value}`} name={id} checked={value === o.value} onChange={() => onChange(o.value)} />
          <label htmlFor={`${id}_${o.value}`}>{o.label}</label>
        </div>
      ))}
      <FieldFoot id={id} hint={hint} error={error} />
    </fieldset>
  );
}

/** A labelled native select. */
export function Select({
  id,
  label,
  value,
  options,
  onChange,
  hint,
  error,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange(v: string): void;
  hint?: ReactNode;
  error?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={id}
        className="p-inputtext p-component"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={describedBy(id, hint, error)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldFoot id={id} hint={hint} error={error} />
    </div>
  );
}
