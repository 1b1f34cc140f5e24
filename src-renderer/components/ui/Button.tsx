import { Button as PrimeButton } from 'primereact/button';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { IconName } from '../Icon';
import { primeIcon } from './prime-icon';

/** A button's colour, beside the primary one. */
export type ButtonSeverity = 'secondary' | 'success' | 'info' | 'warning' | 'danger' | 'help' | 'contrast';

/** What the screens ask of a button: native button attributes plus the kit's look. */
export interface ButtonProps
  extends Pick<
    ButtonHTMLAttributes<HTMLButtonElement>,
    | 'type'
    | 'id'
    | 'form'
    | 'title'
    | 'className'
    | 'style'
    | 'autoFocus'
    | 'onClick'
    | 'aria-label'
    | 'aria-pressed'
    | 'aria-expanded'
    | 'aria-haspopup'
    | 'aria-controls'
    | 'aria-describedby'
    | 'aria-keyshortcuts'
    | 'aria-description'
  > {
  label?: string;
  /** drawn before the label (Lantern's icon names, see components/Icon.tsx) */
  icon?: IconName;
  severity?: ButtonSeverity;
  size?: 'small' | 'large';
  text?: boolean;
  outlined?: boolean;
  link?: boolean;
  rounded?: boolean;
  disabled?: boolean;
  /** shows a spinner and disables the button */
  loading?: boolean;
  tooltip?: string;
  tooltipPosition?: 'top' | 'bottom' | 'left' | 'right';
  children?: ReactNode;
}

/** A button (PrimeReact's underneath). */
export function Button({ icon, tooltipPosition, ...props }: ButtonProps) {
  // only what was given is passed on: PrimeReact takes an explicit undefined over its own default
  return (
    <PrimeButton
      {...props}
      {...(icon ? { icon: primeIcon(icon) } : {})}
      {...(tooltipPosition ? { tooltipOptions: { position: tooltipPosition } } : {})}
    />
  );
}
