import type { ReactNode } from 'react';
import type { PluginConfigField } from '../../../server/contract/api/plugin';
import type { Errors } from '../../utils/validation';
import { FieldFoot } from '../Field';
import { InputText, InputTextarea } from '../ui';
import { pluginFieldId, type PluginValues } from './plugin-config';

/** Where the form is drawn: its class names follow the screen's (admin-* or settings-*). */
export type PluginFormLook = 'admin' | 'settings';

interface FieldProps {
  f: PluginConfigField;
  value: unknown;
  error?: string;
  set(value: unknown): void;
  look: PluginFormLook;
}

const describedBy = (f: PluginConfigField, error?: string) =>
  [f.description ? `${pluginFieldId(f.name)}_hint` : '', error ? `${pluginFieldId(f.name)}_error` : ''].filter(Boolean).join(' ') ||
  undefined;

/** A labelled field: the label, the control, the foot. */
function Labelled({ f, error, children }: { f: PluginConfigField; error?: string; children: ReactNode }) {
  const id = pluginFieldId(f.name);
  return (
    <div className="field">
      <label htmlFor={id}>{f.title}</label>
      {children}
      <FieldFoot id={id} hint={f.description || undefined} error={error} />
    </div>
  );
}

/** A switch, or a checkbox without options: one box that is on or off. */
function OnOff({ f, value, error, set, look, role }: FieldProps & { role?: 'switch' }) {
  const id = pluginFieldId(f.name);
  return (
    <div className="field">
      <div className={`${look}-check`}>
        <input
          id={id}
          type="checkbox"
          role={role}
          checked={value === true}
          onChange={(e) => set(e.target.checked)}
          aria-describedby={describedBy(f, error)}
        />
        <label htmlFor={id}>{f.ui_options?.label || f.title}</label>
      </div>
      <FieldFoot id={id} hint={f.description || undefined} error={error} />
    </div>
  );
}

/** Radios (one of the options) or a checkbox list (any of them). */
function Choices({ f, value, error, set, look }: FieldProps) {
  const id = pluginFieldId(f.name);
  const list = Array.isArray(value) ? (value as string[]) : [];
  return (
    <fieldset id={id} tabIndex={-1} className={`${look}-fieldset`} aria-describedby={describedBy(f, error)}>
      <legend>{f.title}</legend>
      {(f.options ?? []).map((o, i) => (
        <div key={o.value} className={`${look}-radio`}>
          <input
            type={f.type === 'radio' ? 'radio' : 'checkbox'}
            id={`${id}_${i}`}
            name={id}
            value={o.value}
            checked={f.type === 'radio' ? value === o.value : list.includes(o.value)}
            onChange={(e) => set(f.type === 'radio' ? o.value : e.target.checked ? [...list, o.value] : list.filter((x) => x !== o.value))}
          />
          <label htmlFor={`${id}_${i}`}>{o.label}</label>
        </div>
      ))}
      <FieldFoot id={id} hint={f.description || undefined} error={error} />
    </fieldset>
  );
}

/** One field of a plugin's form, drawn by its type. */
function PluginConfigInput(p: FieldProps) {
  const { f, value, error, set, look } = p;
  const id = pluginFieldId(f.name);
  const text = String(value ?? '');
  /** What the text box and the textarea share. */
  const box = {
    id,
    value: text,
    placeholder: f.ui_options?.placeholder,
    onChange: (e: { target: { value: string } }) => set(e.target.value),
    'aria-describedby': describedBy(f, error),
    'aria-invalid': !!error,
    invalid: !!error,
  };
  switch (f.type) {
    case 'legend':
      return look === 'admin' ? <h2 className="admin-subheading">{f.title}</h2> : <h3>{f.title}</h3>;
    case 'button':
      return null;
    case 'switch':
      return <OnOff {...p} role="switch" />;
    case 'checkbox':
      return f.options?.length ? <Choices {...p} /> : <OnOff {...p} />;
    case 'radio':
      return <Choices {...p} />;
    case 'textarea':
      return (
        <Labelled f={f} error={error}>
          <InputTextarea {...box} rows={Number(f.ui_options?.rows) || 4} />
        </Labelled>
      );
    case 'select':
      return (
        <Labelled f={f} error={error}>
          <select
            id={id}
            className="p-inputtext p-component"
            value={text}
            onChange={(e) => set(e.target.value)}
            aria-describedby={describedBy(f, error)}
            aria-invalid={!!error}
          >
            <option value="">—</option>
            {(f.options ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Labelled>
      );
    default:
      return (
        <Labelled f={f} error={error}>
          <InputText {...box} type={f.type === 'input' ? f.ui_options?.input_type || 'text' : 'text'} />
        </Labelled>
      );
  }
}

/**
 * The fields of a plugin's settings form, drawn from the list the plugin describes (Admin →
 * Plugins → a plugin, and Settings → a plugin's personal settings). Errors are keyed by element id
 * (`plugin_<name>`).
 */
export function PluginConfigFields({
  fields,
  values,
  errors,
  set,
  look,
}: {
  fields: PluginConfigField[];
  values: PluginValues;
  errors: Errors;
  set(name: string, value: unknown): void;
  look: PluginFormLook;
}) {
  return (
    <>
      {fields.map((f) => (
        <PluginConfigInput
          key={f.name}
          f={f}
          value={values[f.name]}
          error={errors[pluginFieldId(f.name)]}
          set={(v) => set(f.name, v)}
          look={look}
        />
      ))}
    </>
  );
}
