import type { ReactNode } from 'react';
import { FieldFoot } from '../../components/Field';
import { InputText, InputTextarea } from '../../components/ui';
import type { Errors } from '../../utils/validation';

/** Props of a settings text field. */
export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  hint?: ReactNode;
  type?: string;
  placeholder?: string;
  disabled?: boolean;
  autoComplete?: string;
  multiline?: number;
}

/** A labelled text input (or textarea) with its hint and error; disabled when the site does not allow changes. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  placeholder,
  disabled,
  autoComplete,
  multiline,
}: TextFieldProps) {
  const describedBy = [error ? `${id}_error` : '', hint && !error ? `${id}_hint` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, name: id, value, disabled, placeholder, invalid: !!error, 'aria-invalid': !!error, 'aria-describedby': describedBy };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <InputTextarea {...common} rows={multiline} autoResize onChange={(e) => onChange(e.target.value)} />
      ) : (
        <InputText {...common} type={type} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} />
      )}
      <FieldFoot id={id} hint={error ? undefined : hint} error={error} />
    </div>
  );
}

/** A checkbox with its label and a line of description. */
export function CheckRow({
  id,
  label,
  text,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  text?: string;
  checked: boolean;
  onChange(v: boolean): void;
  disabled?: boolean;
}) {
  return (
    <div className="settings-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
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

/** Moves the focus to the first field with an error. */
export function focusFirst(errors: Errors): void {
  const first = Object.keys(errors)[0];
  if (first) document.getElementById(first)?.focus();
}
