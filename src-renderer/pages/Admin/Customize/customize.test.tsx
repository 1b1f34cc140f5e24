// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, type FetchCall } from '../../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../../tests/support/render';
import BrandingPage from '../Settings/BrandingPage';
import InterfacePage from '../Settings/InterfacePage';
import LegalPage from '../Settings/LegalPage';
import CssHtmlPage from './CssHtmlPage';
import ThemesPage from './ThemesPage';

const A = '/answer/admin/api';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function open(ui: ReactNode) {
  renderWithApp(ui, { path: '/admin/x', user: userFixture({ role_id: 2 }) });
  return userEvent.setup();
}
const puts = (calls: FetchCall[]) => calls.filter((c) => c.method === 'PUT');

describe('themes', () => {
  const theme = {
    theme: 'default',
    color_scheme: '',
    theme_config: { default: { navbar_style: '#0033ff', primary_color: '#0033ff' } },
    theme_options: [{ label: 'Default', value: 'default' }],
  };

  it('starts at #0033ff, refuses a colour that is no #rrggbb, and saves scheme, navbar and colour', async () => {
    const { calls } = mockFetch({ [`GET ${A}/siteinfo/theme`]: { data: theme }, [`PUT ${A}/siteinfo/theme`]: ok() });
    const user = open(<ThemesPage />);
    const color = (await screen.findByLabelText('Primary color', { selector: 'input:not([type=color])' })) as HTMLInputElement;
    expect(color.value).toBe('#0033ff');
    await user.clear(color);
    await user.type(color, 'blue');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Color format is incorrect, e.g. #0033ff.')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
    await user.clear(color);
    await user.type(color, '#7A1FA2');
    await user.click(screen.getByLabelText('Dark'));
    await user.click(screen.getAllByLabelText('Light')[1]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(puts(calls)[0]).toMatchObject({
      path: `${A}/siteinfo/theme`,
      body: { theme: 'default', color_scheme: 'dark', theme_config: { default: { navbar_style: 'light', primary_color: '#7a1fa2' } } },
    });
  });
});

describe('CSS/HTML', () => {
  it('saves the five texts and refuses one over 65536 characters', async () => {
    const empty = { custom_head: '', custom_css: '', custom_header: '', custom_footer: '', custom_sidebar: '' };
    const { calls } = mockFetch({ [`GET ${A}/siteinfo/custom-css-html`]: { data: empty }, [`PUT ${A}/siteinfo/custom-css-html`]: ok() });
    const user = open(<CssHtmlPage />);
    await user.click(await screen.findByLabelText('Custom footer'));
    await user.paste('x'.repeat(65537));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Custom footer up to 65536 characters.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Custom footer'));
    await user.type(screen.getByLabelText('Custom CSS'), 'main {{ color: red }');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(puts(calls)[0]).toMatchObject({ path: `${A}/siteinfo/custom-css-html`, body: { ...empty, custom_css: 'main { color: red }' } });
  });
});

describe('interface', () => {
  it('saves language and time zone, and the default avatar into the users group', async () => {
    const users = { default_avatar: 'gravatar', gravatar_base_url: 'https://www.gravatar.com/avatar/', allow_update_display_name: true };
    const { calls } = mockFetch({
      [`PUT ${A}/siteinfo/interface`]: ok(),
      [`PUT ${A}/siteinfo/users`]: ok(),
      [`GET ${A}/siteinfo/interface`]: { data: { language: 'en_US', time_zone: 'UTC' } },
      [`GET ${A}/siteinfo/users`]: { data: users },
      [`GET ${A}/language/options`]: {
        data: [
          { label: 'English (100%)', value: 'en_US', progress: 100 },
          { label: '中文(简体) (100%)', value: 'zh_CN', progress: 100 },
        ],
      },
    });
    const user = open(<InterfacePage />);
    await screen.findByRole('option', { name: '中文(简体) (100%)' });
    await user.selectOptions(await screen.findByLabelText('Interface language'), 'zh_CN');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Europe/Paris');
    await user.click(screen.getByLabelText('System (the first letter of the name)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(puts(calls).map((c) => [c.path, c.body])).toEqual([
      [`${A}/siteinfo/interface`, { language: 'zh_CN', time_zone: 'Europe/Paris' }],
      [`${A}/siteinfo/users`, { ...users, default_avatar: 'system' }],
    ]);
  });
});

describe('branding', () => {
  it('refuses a file that is no image and one over 4 MB; an uploaded image is previewed and saved', async () => {
    const { calls } = mockFetch({
      [`PUT ${A}/siteinfo/branding`]: ok(),
      [`GET ${A}/siteinfo/branding`]: { data: { logo: '', mobile_logo: '', square_icon: '', favicon: '' } },
      'POST /file': { data: 'http://127.0.0.1/uploads/branding/abc.png' },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(<BrandingPage />, { path: '/admin/branding', user: userFixture({ role_id: 2 }) });
    const input = (await screen.findByTestId('logo-file')) as HTMLInputElement;
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText('Only images can be uploaded.')).toBeTruthy();
    await user.upload(input, new File([new Uint8Array(4 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(screen.getByText('Images up to 4 MB.')).toBeTruthy();
    await user.upload(input, new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' }));
    expect(((await screen.findByRole('img', { name: 'Logo preview' })) as HTMLImageElement).src).toBe(
      'http://127.0.0.1/uploads/branding/abc.png',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(puts(calls)[0]).toMatchObject({
      path: `${A}/siteinfo/branding`,
      body: { logo: 'http://127.0.0.1/uploads/branding/abc.png', mobile_logo: '', square_icon: '', favicon: '' },
    });
  });
});

describe('legal', () => {
  it('saves both texts and the external content choice', async () => {
    const { calls } = mockFetch({
      [`PUT ${A}/siteinfo/legal`]: ok(),
      [`GET ${A}/siteinfo/legal`]: {
        data: { terms_of_service_original_text: '', privacy_policy_original_text: '', external_content_display: 'always_display' },
      },
    });
    const user = open(<LegalPage />);
    await user.type(await screen.findByLabelText('Terms of service'), 'Be kind.');
    await user.click(screen.getByLabelText('Ask before displaying'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(puts(calls)[0].body).toEqual({
      terms_of_service_original_text: 'Be kind.',
      privacy_policy_original_text: '',
      external_content_display: 'ask_before_display',
    });
  });
});
