import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, InputText, InputTextarea } from '../../components/ui';
import { useUpdateUserPluginConfig, useUserPluginConfig } from '../../api/user/settings-calls';
import type { PluginConfigField, PluginConfigForm } from '../../api/user/types';
import { useFeedback } from '../../components/Feedback';
import { useDelayed } from '../../hooks/useDelayed';
import type { Errors } from '../../utils/validation';
import { focusFirst, serverFieldErrors } from './parts';

/** A plugin's personal settings (GET/PUT user/plugin/config), drawn from its field list. */
export function PluginSettingsForm({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const config = useUserPluginConfig(slug);
  const slow = useDelayed(config.isPending);
  if (config.data) return <PluginFields key={slug} slug={slug} form={config.data} />;
  if (config.isError) return <p className="muted">{t('error.generic')}</p>;
  return slow ? (
    <p className="muted" role="status">
      {t('settings.loading')}
    </p>
  ) : null;
}

const holdsValue = (f: PluginConfigField) => f.type !== 'legend' && f.type !== 'button';

function emptyOf(f: PluginConfigField): unknown {
  if (f.type === 'switch') return false;
  if (f.type === 'checkbox') return [];
  return '';
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

function PluginFields({ slug, form }: { slug: string; form: PluginConfigForm }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const save = useUpdateUserPluginConfig(slug);
  const fields = form.config_fields ?? [];
  const [values, setValues] = useState<Record<string, unknown>>(() =>
    Object.fromEntries(fields.filter(holdsValue).map((f) => [f.name, f.value ?? emptyOf(f)])),
  );
  const [errors, setErrors] = useState<Errors>({});
  const set = (name: string, v: unknown) => {
    setValues((o) => ({ ...o, [name]: v }));
    if (errors[name]) setErrors(({ [name]: _drop, ...rest }) => rest);
  };
  const id = (f: PluginConfigField) => `plugin_${f.name}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local: Errors = {};
    for (const f of fields)
      if (holdsValue(f) && f.required && isEmpty(values[f.name])) local[f.name] = t('settings.plugin.required', { label: f.title });
    setErrors(local);
    if (Object.keys(local).length) return focusFirst(Object.fromEntries(Object.keys(local).map((k) => [`plugin_${k}`, local[k]])));
    save.mutate(values, {
      onSuccess: () => feedback.toast('success', t('settings.update_success')),
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };

  if (!fields.length) return <p className="muted">{t('settings.plugin.empty')}</p>;
  return (
    <form onSubmit={submit} noValidate className="stack settings-form">
      {form.description && <p className="muted">{form.description}</p>}
      {fields.map((f) => {
        const err = errors[f.name];
        const describedBy = [f.description ? `${id(f)}_hint` : '', err ? `${id(f)}_error` : ''].filter(Boolean).join(' ') || undefined;
        const foot = (
          <>
            {f.description && (
              <small id={`${id(f)}_hint`} className="field-hint">
                {f.description}
              </small>
            )}
            {err && (
              <small id={`${id(f)}_error`} className="field-error" role="alert">
                {err}
              </small>
            )}
          </>
        );
        const v = values[f.name];
        switch (f.type) {
          case 'legend':
            return <h3 key={f.name}>{f.title}</h3>;
          case 'button':
            return null;
          case 'textarea':
            return (
              <div key={f.name} className="field">
                <label htmlFor={id(f)}>{f.title}</label>
                <InputTextarea
                  id={id(f)}
                  rows={Number(f.ui_options.rows) || 4}
                  value={String(v ?? '')}
                  placeholder={f.ui_options.placeholder}
                  onChange={(e) => set(f.name, e.target.value)}
                  aria-describedby={describedBy}
                  aria-invalid={!!err}
                  invalid={!!err}
                />
                {foot}
              </div>
            );
          case 'switch':
            return (
              <div key={f.name} className="field">
                <div className="settings-check">
                  <input
                    id={id(f)}
                    type="checkbox"
                    role="switch"
                    checked={v === true}
                    onChange={(e) => set(f.name, e.target.checked)}
                    aria-describedby={describedBy}
                  />
                  <label htmlFor={id(f)}>{f.ui_options.label || f.title}</label>
                </div>
                {foot}
              </div>
            );
          case 'checkbox':
          case 'radio':
            return (
              <fieldset key={f.name} id={id(f)} tabIndex={-1} className="settings-fieldset" aria-describedby={describedBy}>
                <legend>{f.title}</legend>
                {(f.options ?? []).map((o, i) => {
                  const list = Array.isArray(v) ? (v as string[]) : [];
                  const checked = f.type === 'radio' ? v === o.value : list.includes(o.value);
                  return (
                    <div key={o.value} className="settings-radio">
                      <input
                        type={f.type}
                        id={`${id(f)}_${i}`}
                        name={id(f)}
                        value={o.value}
                        checked={checked}
                        onChange={(e) =>
                          set(
                            f.name,
                            f.type === 'radio' ? o.value : e.target.checked ? [...list, o.value] : list.filter((x) => x !== o.value),
                          )
                        }
                      />
                      <label htmlFor={`${id(f)}_${i}`}>{o.label}</label>
                    </div>
                  );
                })}
                {foot}
              </fieldset>
            );
          case 'select':
            return (
              <div key={f.name} className="field">
                <label htmlFor={id(f)}>{f.title}</label>
                <select
                  id={id(f)}
                  className="p-inputtext p-component"
                  value={String(v ?? '')}
                  onChange={(e) => set(f.name, e.target.value)}
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
              <div key={f.name} className="field">
                <label htmlFor={id(f)}>{f.title}</label>
                <InputText
                  id={id(f)}
                  type={f.type === 'input' ? f.ui_options.input_type || 'text' : 'text'}
                  value={String(v ?? '')}
                  placeholder={f.ui_options.placeholder}
                  onChange={(e) => set(f.name, e.target.value)}
                  aria-describedby={describedBy}
                  aria-invalid={!!err}
                  invalid={!!err}
                />
                {foot}
              </div>
            );
        }
      })}
      <div className="form-buttons">
        <Button type="submit" label={t('settings.save')} loading={save.isPending} />
      </div>
    </form>
  );
}
