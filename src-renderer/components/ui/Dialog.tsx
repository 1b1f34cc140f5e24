import { Dialog as PrimeDialog } from 'primereact/dialog';
import type { CSSProperties, ReactNode } from 'react';

/** What the screens ask of a modal dialog. */
export interface DialogProps {
  header: ReactNode;
  visible: boolean;
  /** called on Escape, the close button and (where the kit offers it) the mask */
  onHide(): void;
  footer?: ReactNode;
  style?: CSSProperties;
  className?: string;
  /** stops the page behind from scrolling while open */
  blockScroll?: boolean;
  children?: ReactNode;
}

/** A modal dialog with a header, a close button and an optional footer (PrimeReact's underneath). */
export function Dialog(props: DialogProps) {
  return <PrimeDialog {...props} />;
}
