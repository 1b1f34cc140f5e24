import { Message as PrimeMessage } from 'primereact/message';
import { ProgressBar as PrimeProgressBar } from 'primereact/progressbar';
import { ProgressSpinner as PrimeProgressSpinner } from 'primereact/progressspinner';
import { Toast as PrimeToast } from 'primereact/toast';
import { useImperativeHandle, useRef, type CSSProperties, type ReactNode, type Ref } from 'react';

/** How a toast or message is coloured. */
export type NoticeSeverity = 'success' | 'info' | 'warn' | 'error' | 'secondary' | 'contrast';

/** One toast to show. */
export interface ToastMessage {
  severity: NoticeSeverity;
  summary: string;
  detail?: string;
  /** milliseconds before it hides itself */
  life?: number;
}

/** What a toast host's ref offers. */
export interface ToastHandle {
  show(message: ToastMessage): void;
}

/** Where toasts stack. */
export interface ToastProps {
  position?: 'center' | 'top-center' | 'top-left' | 'top-right' | 'bottom-center' | 'bottom-left' | 'bottom-right';
  className?: string;
  ref?: Ref<ToastHandle>;
}

/** The host that toasts appear in; show one through its ref (PrimeReact's underneath). */
export function Toast({ ref, ...props }: ToastProps) {
  const toast = useRef<PrimeToast>(null);
  useImperativeHandle(ref, () => ({ show: (message) => toast.current?.show(message) }), []);
  return <PrimeToast ref={toast} {...props} />;
}

/** An inline message: `text`, or any `content` in place of the kit's icon and text. */
export interface MessageProps {
  severity?: NoticeSeverity;
  text?: ReactNode;
  content?: ReactNode;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** An inline message (PrimeReact's underneath). */
export function Message(props: MessageProps) {
  return <PrimeMessage {...props} />;
}

/** A spinner; give it an `aria-label` saying what is loading. */
export interface ProgressSpinnerProps {
  style?: CSSProperties;
  className?: string;
  'aria-label'?: string;
}

/** A spinner (PrimeReact's underneath). */
export function ProgressSpinner(props: ProgressSpinnerProps) {
  return <PrimeProgressSpinner {...props} />;
}

/** A progress bar: a percentage `value`, or `mode="indeterminate"` when the end is unknown. */
export interface ProgressBarProps {
  value?: number;
  mode?: 'determinate' | 'indeterminate';
  style?: CSSProperties;
  className?: string;
  role?: string;
  'aria-label'?: string;
  'aria-valuenow'?: number;
  'aria-valuemin'?: number;
  'aria-valuemax'?: number;
}

/** A progress bar (PrimeReact's underneath). */
export function ProgressBar(props: ProgressBarProps) {
  return <PrimeProgressBar {...props} />;
}
