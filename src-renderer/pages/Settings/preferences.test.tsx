// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../tests/support/render';
import SettingsPage from './SettingsPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function open(tab: string) {
  renderWithApp(<SettingsPage />, {
    path: `/users/settings/${tab}`,
    pattern: '/users/settings/:tab',
    user: userFixture({ language: 'Default', color_scheme: 'default' }),
  });
  return userEvent.setup();
}

// the settings menu lists the plugins with personal settings: none here
const NO_PLUGINS = { 'GET /user/plugin/configs': ok() };

describe('notification settings', () => {
  it('shows the saved switches and saves the changed ones with "update success"', async () => {
    const { calls } = mockFetch({
      ...NO_PLUGINS,
      'GET /user/notification/config': {
        data: {
          inbox: { key: 'email', enable: true },
          all_new_question: { key: 'email', enable: false },
          all_new_question_for_following_tags: { key: 'email', enable: false },
        },
      },
      'PUT /user/notification/config': ok(),
    });
    const user = open('notify');
    const inbox = (await screen.findByLabelText('Inbox notifications')) as HTMLInputElement;
    expect(inbox.checked).toBe(true);
    expect((screen.getByLabelText('All new questions') as HTMLInputElement).checked).toBe(false);
    await user.click(inbox);
    await user.click(screen.getByLabelText('All new questions for following tags'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/user/notification/config',
      body: {
        inbox: { key: 'email', enable: false },
        all_new_question: { key: 'email', enable: false },
        all_new_question_for_following_tags: { key: 'email', enable: true },
      },
    });
  });
});

describe('interface settings', () => {
  it('lists Default and the languages, saves the choice and applies the scheme at once', async () => {
    document.documentElement.removeAttribute('data-theme');
    document.documentElement.style.removeProperty('--lantern-primary');
    const { calls } = mockFetch({
      ...NO_PLUGINS,
      // as the server sends it: "Default" first, then each language labelled with its progress
      'GET /language/options': {
        data: [
          { label: 'Default', value: 'Default' },
          { label: 'English (100%)', value: 'en_US', progress: 100 },
          { label: '中文(简体) (100%)', value: 'zh_CN', progress: 100 },
        ],
      },
      'PUT /user/interface': ok(),
    });
    const user = open('interface');
    const select = (await screen.findByLabelText('Interface language')) as HTMLSelectElement;
    expect(select.value).toBe('Default');
    await screen.findByRole('option', { name: 'English (100%)' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Default (the site’s language)',
      'English (100%)',
      '中文(简体) (100%)',
    ]);
    await user.selectOptions(select, 'en_US');
    await user.click(screen.getByLabelText('Dark'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/user/interface',
      body: { language: 'en_US', color_scheme: 'dark' },
    });
    // the scheme and the site's primary colour are applied at once
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.getPropertyValue('--lantern-primary')).toBe('#0033ff');
  });

  it('shows the server refusing a language on the language field', async () => {
    mockFetch({
      ...NO_PLUGINS,
      'GET /language/options': { data: [{ label: 'English (100%)', value: 'en_US', progress: 100 }] },
      'PUT /user/interface': {
        status: 400,
        reason: 'error.lang.not_found',
        msg: 'Language file not found.',
        data: [{ error_field: 'language', error_msg: 'Language file not found.' }],
      },
    });
    const user = open('interface');
    await screen.findByRole('option', { name: 'English (100%)' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Language file not found.')).toBeTruthy();
  });
});

describe('plugin settings', () => {
  it('shows the 404 page for a slug that is no enabled plugin', async () => {
    mockFetch({ 'GET /user/plugin/configs': { data: [] } });
    open('no-such-plugin');
    expect(await screen.findByText("Unfortunately, this page doesn't exist.")).toBeTruthy();
  });

  it("draws an enabled plugin's form, checks required fields and saves", async () => {
    const { calls } = mockFetch({
      'GET /user/plugin/configs': { data: [{ name: 'Chat notifier', slug_name: 'chat-notifier' }] },
      'GET /user/plugin/config': {
        data: {
          name: 'Chat notifier',
          slug_name: 'chat-notifier',
          description: 'Sends your inbox to a chat room.',
          version: '1.0.0',
          config_fields: [
            {
              name: 'webhook',
              type: 'input',
              title: 'Webhook URL',
              description: 'Where to post.',
              required: true,
              value: '',
              ui_options: { input_type: 'url' },
            },
            {
              name: 'muted',
              type: 'switch',
              title: 'Muted',
              description: '',
              required: false,
              value: false,
              ui_options: { label: 'Mute for now' },
            },
          ],
        },
      },
      'PUT /user/plugin/config': ok(),
    });
    const user = open('chat-notifier');
    expect(await screen.findByRole('heading', { name: 'Chat notifier settings' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Chat notifier' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Webhook URL cannot be empty.')).toBeTruthy();
    await user.type(screen.getByLabelText('Webhook URL'), 'https://chat.example.com/hook');
    await user.click(screen.getByLabelText('Mute for now'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/user/plugin/config',
      body: { plugin_slug_name: 'chat-notifier', config_fields: { webhook: 'https://chat.example.com/hook', muted: true } },
    });
  });
});
