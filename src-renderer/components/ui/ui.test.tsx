// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { PrimeReactProvider } from 'primereact/api';
import { Button as PrimeButton } from 'primereact/button';
import { Checkbox as PrimeCheckbox } from 'primereact/checkbox';
import { Dialog as PrimeDialog } from 'primereact/dialog';
import { InputNumber as PrimeInputNumber } from 'primereact/inputnumber';
import { InputText as PrimeInputText } from 'primereact/inputtext';
import { InputTextarea as PrimeInputTextarea } from 'primereact/inputtextarea';
import { Message as PrimeMessage } from 'primereact/message';
import { ProgressBar as PrimeProgressBar } from 'primereact/progressbar';
import { ProgressSpinner as PrimeProgressSpinner } from 'primereact/progressspinner';
import { RadioButton as PrimeRadioButton } from 'primereact/radiobutton';
import { createRef, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Button,
  Checkbox,
  Dialog,
  InputNumber,
  InputText,
  InputTextarea,
  Menu,
  Message,
  OverlayPanel,
  ProgressBar,
  ProgressSpinner,
  RadioButton,
  Toast,
  UiProvider,
  type MenuHandle,
  type OverlayPanelHandle,
  type ToastHandle,
} from '.';
import { primeIcon } from './prime-icon';

afterEach(cleanup);

// React's generated ids (useId) differ between two renders; everything else must be the same
const html = (node: ReactNode) => render(<PrimeReactProvider value={{ ripple: false }}>{node}</PrimeReactProvider>).container.innerHTML;
// a dialog's generated ids and the stage of its opening transition differ between two renders
const sameDialog = (el: HTMLElement) =>
  el.outerHTML.replace(/ (?:id|aria-labelledby|aria-describedby)="[^"]*"| pr_id_\d+=""| p-dialog-enter[-a-z]*/g, '');

describe('the UI kit wrappers render what PrimeReact renders', () => {
  it('Button, with an icon, severity, size, variants, loading and aria attributes', () => {
    const onClick = vi.fn();
    expect(
      html(
        <Button
          type="button"
          label="Save"
          icon="save"
          severity="danger"
          size="small"
          outlined
          loading
          aria-label="Save all"
          onClick={onClick}
        />,
      ),
    ).toBe(
      html(
        <PrimeButton
          type="button"
          label="Save"
          icon={primeIcon('save')}
          severity="danger"
          size="small"
          outlined
          loading
          aria-label="Save all"
          onClick={onClick}
        />,
      ),
    );
    expect(html(<Button type="submit" label="Go" text link rounded disabled />)).toBe(
      html(<PrimeButton type="submit" label="Go" text link rounded disabled />),
    );
  });

  it('Button passes clicks on and keeps its accessible name', () => {
    const onClick = vi.fn();
    render(<Button type="button" icon="trash" aria-label="Delete" onClick={onClick} />);
    act(() => screen.getByRole('button', { name: 'Delete' }).click());
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('InputText and InputTextarea, with their refs on the native elements', () => {
    const onChange = vi.fn();
    const common = { id: 'f', name: 'f', value: 'x', invalid: true, 'aria-invalid': true, 'aria-describedby': 'f_error', onChange };
    expect(html(<InputText {...common} type="email" autoComplete="email" />)).toBe(
      html(<PrimeInputText {...common} type="email" autoComplete="email" />),
    );
    expect(html(<InputTextarea {...common} rows={4} autoResize />)).toBe(html(<PrimeInputTextarea {...common} rows={4} autoResize />));
    const input = createRef<HTMLInputElement>();
    const area = createRef<HTMLTextAreaElement>();
    render(
      <>
        <InputText ref={input} value="" onChange={onChange} />
        <InputTextarea ref={area} value="" onChange={onChange} />
      </>,
    );
    expect(input.current).toBeInstanceOf(HTMLInputElement);
    expect(area.current).toBeInstanceOf(HTMLTextAreaElement);
  });

  it('Checkbox, RadioButton and InputNumber', () => {
    const onChange = vi.fn();
    expect(html(<Checkbox inputId="c" checked onChange={onChange} aria-describedby="h" />)).toBe(
      html(<PrimeCheckbox inputId="c" checked onChange={onChange} aria-describedby="h" />),
    );
    expect(html(<RadioButton inputId="r" name="g" value={2} checked={false} onChange={onChange} />)).toBe(
      html(<PrimeRadioButton inputId="r" name="g" value={2} checked={false} onChange={onChange} />),
    );
    expect(html(<InputNumber inputId="n" value={3} min={0} max={23} useGrouping={false} showButtons onValueChange={onChange} />)).toBe(
      html(<PrimeInputNumber inputId="n" value={3} min={0} max={23} useGrouping={false} showButtons onValueChange={onChange} />),
    );
  });

  it('Message, ProgressSpinner and ProgressBar', () => {
    expect(html(<Message severity="warn" className="m" text="Careful" />)).toBe(
      html(<PrimeMessage severity="warn" className="m" text="Careful" />),
    );
    expect(html(<Message severity="info" content={<b>Own</b>} />)).toBe(html(<PrimeMessage severity="info" content={<b>Own</b>} />));
    expect(html(<ProgressSpinner style={{ width: 32 }} aria-label="Loading" />)).toBe(
      html(<PrimeProgressSpinner style={{ width: 32 }} aria-label="Loading" />),
    );
    expect(html(<ProgressBar value={40} aria-label="Import" />)).toBe(html(<PrimeProgressBar value={40} aria-label="Import" />));
    expect(html(<ProgressBar mode="indeterminate" style={{ height: 6 }} />)).toBe(
      html(<PrimeProgressBar mode="indeterminate" style={{ height: 6 }} />),
    );
  });

  it('Dialog: the same dialog, named by its header, closed through onHide', async () => {
    const onHide = vi.fn();
    const { unmount } = render(
      <UiProvider>
        <Dialog header="Title" visible onHide={onHide} footer={<span>foot</span>} style={{ width: '20rem' }} className="d">
          <p>Body</p>
        </Dialog>
      </UiProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Title' });
    const ours = sameDialog(dialog);
    act(() => screen.getByRole('button', { name: /close/i }).click());
    expect(onHide).toHaveBeenCalledTimes(1);
    unmount();
    render(
      <PrimeReactProvider value={{ ripple: false }}>
        <PrimeDialog header="Title" visible onHide={onHide} footer={<span>foot</span>} style={{ width: '20rem' }} className="d">
          <p>Body</p>
        </PrimeDialog>
      </PrimeReactProvider>,
    );
    const theirs = sameDialog(await screen.findByRole('dialog', { name: 'Title' }));
    expect(ours).toBe(theirs);
  });
});

describe('the handles of the UI kit wrappers', () => {
  it('Toast shows a message through its ref', async () => {
    const toast = createRef<ToastHandle>();
    render(<Toast ref={toast} position="top-center" />);
    act(() => toast.current!.show({ severity: 'success', summary: 'Saved', life: 60_000 }));
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('Menu opens on toggle and runs the picked command', async () => {
    const menu = createRef<MenuHandle>();
    const command = vi.fn();
    render(
      <>
        <Menu ref={menu} popup id="m" model={[{ label: 'Suspend', command, className: 'danger' }]} />
        <button type="button" onClick={(e) => menu.current!.toggle(e)}>
          More
        </button>
      </>,
    );
    act(() => screen.getByRole('button', { name: 'More' }).click());
    // happy-dom lays nothing out, so PrimeReact's placing leaves the open overlay display: none there
    const item = await screen.findByRole('menuitem', { name: 'Suspend', hidden: true });
    act(() => (item.querySelector('a') ?? item).click());
    expect(command).toHaveBeenCalledTimes(1);
  });

  it('OverlayPanel opens on toggle, calls onShow, and hides', async () => {
    const panel = createRef<OverlayPanelHandle>();
    const onShow = vi.fn();
    render(
      <>
        <button type="button" onClick={(e) => panel.current!.toggle(e)}>
          Share
        </button>
        <OverlayPanel ref={panel} className="share-panel" onShow={onShow}>
          <p>Link here</p>
        </OverlayPanel>
      </>,
    );
    expect(screen.queryByText('Link here')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Share' }).click());
    expect(await screen.findByText('Link here')).toBeTruthy();
    await waitFor(() => expect(onShow).toHaveBeenCalled());
    act(() => panel.current!.hide());
    await waitFor(() => expect(screen.queryByText('Link here')).toBeNull());
  });
});
