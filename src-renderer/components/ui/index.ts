// Lantern's UI kit: the only place that imports PrimeReact (a lint rule keeps it so). Screens import
// these components with Lantern's own narrow props; moving to another kit rewrites this folder, not
// the screens (see README, "UI kit").
export { Button, type ButtonProps, type ButtonSeverity } from './Button';
export { Chart, type ChartProps } from './Chart';
export { Dialog, type DialogProps } from './Dialog';
export {
  Message,
  ProgressBar,
  ProgressSpinner,
  Toast,
  type MessageProps,
  type NoticeSeverity,
  type ProgressBarProps,
  type ProgressSpinnerProps,
  type ToastHandle,
  type ToastMessage,
  type ToastProps,
} from './feedback';
export {
  Checkbox,
  InputNumber,
  InputText,
  InputTextarea,
  RadioButton,
  type CheckboxProps,
  type InputNumberProps,
  type InputTextareaProps,
  type InputTextProps,
  type RadioButtonProps,
} from './inputs';
export {
  Menu,
  OverlayPanel,
  type MenuHandle,
  type MenuItem,
  type MenuProps,
  type OverlayPanelHandle,
  type OverlayPanelProps,
} from './overlays';
export { UiProvider } from './provider';
