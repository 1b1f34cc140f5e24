import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { InputText, InputTextarea } from '../../../components/ui';
import { usePluginConfig, useSavePluginConfig } from '../../../api/admin-settings/plugins-query';
import type { PluginConfig, PluginConfigField } from '../../../api/admin-settings/types';
import { fieldMap } from '../../../api/errors';
import { ErrorPage } from '../../../components/ErrorPage';
import { useFeedback } from '../../../components/Feedback';
import { useUnsavedChanges } from '../../../hooks/useUnsavedChanges';
import type { Errors } from '../../../utils/validation';
import { FieldFoot, focusFirst, SettingsForm, SettingsScreen, type GroupForm } from '../Settings/form';

type Values = Record<string, unknown>;
const holdsValue = (f: PluginConfigField) => f.type !== 'legend' && f.type !== 'button';
const emptyOf = (f: PluginConfigField): unknown =>
  f.type === 'switch' ? false : f.type === 'checkbox' ? (f.options?.length ? [] : false) : '';
const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const idOf = (name: string) => `plugin_${name}`;

/** The form state of a plugin's settings, in the shape the settings screens share. */
function usePluginForm(slug: string, fields: PluginConfigField[]): GroupForm<Values> {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const save = useSavePluginConfig(slug);
  const initial = Object.fromEntries(fields.filter(holdsValue).map((f) => [f.name, f.value ?? emptyOf(f)]));
  const [values, setValues] = useState<Values>(initial);
  const [saved, setSaved] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const guard = useUnsavedChanges(dirty);
  const show = (errs: Errors) => {
    const byId = Object.fromEntries(Object.entries(errs).map(([k, v]) => [idOf(k), v]));
    setErrors(byId);
    focusFirst(byId);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local: Errors = {};
    for (const f of fields)
      if (holdsValue(f) && f.required && isEmpty(values[f.name]))
        local[f.name] = t('admin_settings.plugins.field_required', { label: f.title });
    if (Object.keys(local).length) return show(local);
    setErrors({});
    const sent = values;
    save.mutate(sent, {
      onSuccess: () => {
        setSaved(sent);
        guard.allow();
        feedback.toast('success', t('admin_settings.update_success'));
      },
      onError: (err) => {
        const fieldErrs = fieldMap(err);
        if (Object.keys(fieldErrs).length) show(fieldErrs);
        else feedback.toast('error', err instanceof Error ? err.message : t('error.generic'));
      },
    });
  };
  return {
    values,
    set: (key, value) => {
      setValues((o) => ({ ...o, [key]: value }));
      setErrors(({ [idOf(String(key))]: _drop, ...rest }) => rest);
    },
    errors,
    saving: save.isPending,
    dirty,
    submit,
    guard,
  };
}

/** One field of the form, drawn by its type. */
function ConfigField({ f, form }: { f: PluginConfigField; form: GroupForm<Values> }) {
  const id = idOf(f.name);
  const err = form.errors[id];
  const v = form.values[f.name];
  const set = (x: unknown) => form.set(f.name, x);
  const describedBy = [f.description ? `${id}_hint` : '', err ? `${id}_error` : ''].filter(Boolean).join(' ') || undefined;
  const foot = <FieldFoot id={id} hint={f.description || undefined} error={err} />;
  switch (f.type) {
    case 'legend':
      return <h2 className="admin-subheading">{f.title}</h2>;
    case 'button':
      return null;
    case 'textarea':
      return (
        <div className="field">
          <label htmlFor={id}>{f.title}</label>
          <InputTextarea
            id={id}
            rows={Number(f.ui_options?.rows) || 4}
            value={String(v ?? '')}
            placeholder={f.ui_options?.placeholder}
            onChange={(e) => set(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={!!err}
            invalid={!!err}
          />
          {foot}
        </div>
      );
    case 'switch':
      return (
        <div className="field">
          <div className="admin-check">
            <input
              id={id}
              type="checkbox"
              role="switch"
              checked={v === true}
              onChange={(e) => set(e.target.checked)}
              aria-describedby={describedBy}
            />
            <label htmlFor={id}>{f.ui_options?.label || f.title}</label>
          </div>
          {foot}
        </div>
      );
    case 'checkbox':
    case 'radio':
      if (f.type === 'checkbox' && !f.options?.length) {
        return (
          <div className="field">
            <div className="admin-check">
              <input id={id} type="checkbox" checked={v === true} onChange={(e) => set(e.target.checked)} aria-describedby={describedBy} />
              <label htmlFor={id}>{f.ui_options?.label || f.title}</label>
            </div>
            {foot}
          </div>
        );
      }
      return (
        <fieldset id={id} tabIndex={-1} className="admin-fieldset" aria-describedby={describedBy}>
          <legend>{f.title}</legend>
          {(f.options ?? []).map((o, i) => {
            const list = Array.isArray(v) ? (v as string[]) : [];
            const checked = f.type === 'radio' ? v === o.value : list.includes(o.value);
            return (
              <div key={o.value} className="admin-radio">
                <input
                  type={f.type}
                  id={`${id}_${i}`}
                  name={id}
                  checked={checked}
                  onChange={(e) =>
                    set(f.type === 'radio' ? o.value : e.target.checked ? [...list, o.value] : list.filter((x) => x !== o.value))
                  }
                />
                <label htmlFor={`${id}_${i}`}>{o.label}</label>
              </div>
            );
          })}
          {foot}
        </fieldset>
      );
    case 'select':
      return (
        <div className="field">
          <label htmlFor={id}>{f.title}</label>
          <select
            id={id}
            className="p-inputtext p-component"
            value={String(v ?? '')}
            onChange={(e) => set(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={!!err}
          >
            <option value="">—</option>
            {(f.options ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {foot}
        </div>
      );
    default:
      return (
        <div className="field">
          <label htmlFor={id}>{f.title}</label>
          <InputText
            id={id}
            type={f.type === 'input' ? f.ui_options?.input_type || 'text' : 'text'}
            value={String(v ?? '')}
            placeholder={f.ui_options?.placeholder}
            onChange={(e) => set(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={!!err}
            invalid={!!err}
          />
          {foot}
        </div>
      );
  }
}

function PluginForm({ config }: { config: PluginConfig }) {
  const { t } = useTranslation();
  const fields = config.config_fields ?? [];
  const form = usePluginForm(config.slug_name, fields);
  if (!fields.length) return <p className="muted">{t('admin_settings.plugins.config_empty')}</p>;
  return (
    <SettingsForm form={form}>
      {fields.map((f) => (
        <ConfigField key={f.name} f={f} form={form} />
      ))}
    </SettingsForm>
  );
}

/** /admin/{slug_name}: a plugin's settings form, drawn from the fields the plugin describes (404 for an unknown plugin). */
export default function PluginConfigPage() {
  const { slugName = '' } = useParams();
  const query = usePluginConfig(slugName);
  // the server answers an unknown plugin with an empty description
  if (query.data && !query.data.slug_name) return <ErrorPage kind={404} />;
  return (
    <SettingsScreen title={query.data?.name || slugName} intro={query.data?.description} query={query}>
      {(config) => <PluginForm key={config.slug_name} config={config} />}
    </SettingsScreen>
  );
}
