import { Menu as PrimeMenu } from 'primereact/menu';
import { OverlayPanel as PrimeOverlayPanel } from 'primereact/overlaypanel';
import { useImperativeHandle, useRef, type ReactNode, type Ref, type SyntheticEvent } from 'react';

/** One entry of a popup menu. */
export interface MenuItem {
  label: string;
  command?(): void;
  className?: string;
  disabled?: boolean;
}

/** What a popup menu's ref offers: open or close it beside the event's target. */
export interface MenuHandle {
  toggle(event: SyntheticEvent): void;
}

/** A popup menu's entries and id (for the opening button's aria-controls). */
export interface MenuProps {
  model: MenuItem[];
  /** shown on toggle() beside the target, rather than inline */
  popup?: boolean;
  id?: string;
  className?: string;
  ref?: Ref<MenuHandle>;
}

/** A menu, inline or popup (PrimeReact's underneath). */
export function Menu({ ref, ...props }: MenuProps) {
  const menu = useRef<PrimeMenu>(null);
  useImperativeHandle(ref, () => ({ toggle: (event) => menu.current?.toggle(event) }), []);
  return <PrimeMenu ref={menu} {...props} />;
}

/** What a floating panel's ref offers. */
export interface OverlayPanelHandle {
  toggle(event: SyntheticEvent): void;
  hide(): void;
}

/** A floating panel's content and hooks. */
export interface OverlayPanelProps {
  className?: string;
  onShow?(): void;
  onHide?(): void;
  children?: ReactNode;
  ref?: Ref<OverlayPanelHandle>;
}

/** A panel floating beside the element that opened it, closed by Escape or a click outside (PrimeReact's underneath). */
export function OverlayPanel({ ref, ...props }: OverlayPanelProps) {
  const panel = useRef<PrimeOverlayPanel>(null);
  useImperativeHandle(ref, () => ({ toggle: (event) => panel.current?.toggle(event), hide: () => panel.current?.hide() }), []);
  return <PrimeOverlayPanel ref={panel} {...props} />;
}
