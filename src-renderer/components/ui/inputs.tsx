import { Checkbox as PrimeCheckbox } from 'primereact/checkbox';
import { InputNumber as PrimeInputNumber } from 'primereact/inputnumber';
import { InputText as PrimeInputText } from 'primereact/inputtext';
import { InputTextarea as PrimeInputTextarea } from 'primereact/inputtextarea';
import { RadioButton as PrimeRadioButton } from 'primereact/radiobutton';
import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';

/** Native attributes the screens set on their text inputs and text areas. */
type TextAttributes =
  | 'id'
  | 'name'
  | 'className'
  | 'style'
  | 'placeholder'
  | 'autoComplete'
  | 'autoFocus'
  | 'maxLength'
  | 'readOnly'
  | 'disabled'
  | 'required'
  | 'spellCheck'
  | 'inputMode'
  | 'onFocus'
  | 'onBlur'
  | 'onClick'
  | 'onKeyDown'
  | 'onPaste'
  | 'onDragOver'
  | 'onDragLeave'
  | 'onDrop'
  | 'aria-label'
  | 'aria-invalid'
  | 'aria-describedby'
  | 'aria-busy'
  | 'aria-autocomplete'
  | 'aria-controls'
  | 'aria-activedescendant';

/** A one-line text input: native attributes, plus `invalid` for the kit's error look. */
export interface InputTextProps extends Pick<InputHTMLAttributes<HTMLInputElement>, TextAttributes | 'type' | 'onChange'> {
  value?: string;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A one-line text input (PrimeReact's underneath; the DOM is a plain `<input>`). */
export function InputText(props: InputTextProps) {
  return <PrimeInputText {...props} />;
}

/** A text area: native attributes, plus `invalid` and `autoResize` (grows with its text). */
export interface InputTextareaProps extends Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, TextAttributes | 'rows' | 'onChange'> {
  value?: string;
  invalid?: boolean;
  autoResize?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A text area (PrimeReact's underneath; the DOM is a plain `<textarea>`). */
export function InputTextarea(props: InputTextareaProps) {
  return <PrimeInputTextarea {...props} />;
}

/** A number input with optional up/down buttons; `onValueChange` gets the parsed number (null when empty). */
export interface InputNumberProps {
  inputId?: string;
  value?: number | null;
  min?: number;
  max?: number;
  /** thousands separators (the kit's default is on) */
  useGrouping?: boolean;
  showButtons?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  className?: string;
  onValueChange?(event: { value: number | null | undefined }): void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}

/** A number input (PrimeReact's underneath). */
export function InputNumber(props: InputNumberProps) {
  return <PrimeInputNumber {...props} />;
}

/** A checkbox; label it with `<label htmlFor={inputId}>`. */
export interface CheckboxProps {
  inputId?: string;
  name?: string;
  checked: boolean;
  disabled?: boolean;
  className?: string;
  onChange?(event: { checked?: boolean }): void;
  'aria-describedby'?: string;
  'aria-label'?: string;
}

/** A checkbox (PrimeReact's underneath: a native checkbox input inside the kit's box). */
export function Checkbox(props: CheckboxProps) {
  return <PrimeCheckbox {...props} />;
}

/** One radio button of a group (same `name`); label it with `<label htmlFor={inputId}>`. */
export interface RadioButtonProps {
  inputId?: string;
  name?: string;
  value?: string | number;
  checked?: boolean;
  disabled?: boolean;
  className?: string;
  onChange?(): void;
  'aria-describedby'?: string;
  'aria-label'?: string;
}

/** A radio button (PrimeReact's underneath: a native radio input inside the kit's circle). */
export function RadioButton(props: RadioButtonProps) {
  return <PrimeRadioButton {...props} />;
}
