import type { ReactNode } from 'react';
import { InputText } from './ui';

/** The hint and error lines under a field (ids `<id>_hint` and `<id>_error`, for aria-describedby). */
export function FieldFoot({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <small id={`${id}_hint`} className="field-hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}_error`} className="field-error" role="alert">
          {error}
        </small>
      )}
    </>
  );
}

/** A labelled text input with its error below. */
export function Field(props: {
  id: string;
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  type?: string;
  hint?: ReactNode;
  autoComplete?: string;
  autoFocus?: boolean;
  /** An example of the expected form (e.g. host:port), shown while the box is empty. */
  placeholder?: string;
}) {
  const { id, label, value, onChange, error, type = 'text', hint, autoComplete, autoFocus, placeholder } = props;
  const describedBy = [error ? `${id}_error` : '', hint ? `${id}_hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <InputText
        id={id}
        name={id}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        invalid={!!error}
        aria-invalid={!!error}
        aria-describedby={describedBy}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        placeholder={placeholder}
      />
      <FieldFoot id={id} hint={error ? undefined : hint} error={error} />
    </div>
  );
}
