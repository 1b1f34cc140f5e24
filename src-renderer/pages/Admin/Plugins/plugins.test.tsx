// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../../tests/support/render';
import InstalledPluginsPage from './InstalledPluginsPage';
import PluginConfigPage from './PluginConfigPage';

const A = '/answer/admin/api';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function open(ui: ReactNode, path: string, pattern?: string) {
  renderWithApp(ui, { path, pattern, user: userFixture({ role_id: 2 }) });
  return userEvent.setup();
}

const reviewer = {
  name: 'Post review queue',
  slug_name: 'lantern_reviewer',
  description: 'Holds posts.',
  version: '1.0.0',
  enabled: false,
  have_config: true,
  link: '',
};

describe('installed plugins', () => {
  it('lists each plugin with its state and switches one on', async () => {
    let enabled = false;
    const { calls } = mockFetch({
      [`GET ${A}/plugins`]: () => ({ data: [{ ...reviewer, enabled }] }),
      [`PUT ${A}/plugin/status`]: () => {
        enabled = true;
        return { data: null };
      },
    });
    const user = open(<InstalledPluginsPage />, '/admin/installed-plugins');
    expect(await screen.findByText('Disabled')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enable Post review queue' }));
    expect(await screen.findByText('Post review queue is enabled.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Disable Post review queue' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `${A}/plugin/status`,
      body: { plugin_slug_name: 'lantern_reviewer', enabled: true },
    });
    expect(screen.getByRole('link', { name: 'Settings of Post review queue' }).getAttribute('href')).toBe('/admin/lantern_reviewer');
  });
});

describe("a plugin's config page", () => {
  const config = {
    name: 'Chat relay',
    slug_name: 'chat_relay',
    description: 'Posts new questions to a chat room.',
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
        name: 'room',
        type: 'select',
        title: 'Room',
        description: '',
        required: false,
        value: '',
        ui_options: {},
        options: [
          { label: 'General', value: 'general' },
          { label: 'Ops', value: 'ops' },
        ],
      },
      {
        name: 'notify',
        type: 'switch',
        title: 'Notify',
        description: '',
        required: false,
        value: false,
        ui_options: { label: 'Send a notification' },
      },
      {
        name: 'kinds',
        type: 'checkbox',
        title: 'Kinds',
        description: '',
        required: false,
        value: [],
        ui_options: {},
        options: [
          { label: 'Questions', value: 'q' },
          { label: 'Answers', value: 'a' },
        ],
      },
    ],
  };

  it('draws the fields the plugin describes, checks required ones and saves the whole form', async () => {
    const { calls } = mockFetch({ [`GET ${A}/plugin/config`]: { data: config }, [`PUT ${A}/plugin/config`]: ok() });
    const user = open(<PluginConfigPage />, '/admin/chat_relay', '/admin/:slugName');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat relay' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Webhook URL cannot be empty.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Webhook URL'));
    await user.type(screen.getByLabelText('Webhook URL'), 'https://chat.example/hook');
    await user.selectOptions(screen.getByLabelText('Room'), 'ops');
    await user.click(screen.getByLabelText('Send a notification'));
    await user.click(screen.getByLabelText('Answers'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `${A}/plugin/config`,
      body: {
        plugin_slug_name: 'chat_relay',
        config_fields: { webhook: 'https://chat.example/hook', room: 'ops', notify: true, kinds: ['a'] },
      },
    });
  });

  it("shows the server's field errors on their fields", async () => {
    mockFetch({
      [`GET ${A}/plugin/config`]: { data: { ...config, config_fields: [{ ...config.config_fields[0], value: 'x' }] } },
      [`PUT ${A}/plugin/config`]: {
        status: 400,
        msg: 'Webhook URL up to 10 characters.',
        data: [{ error_field: 'webhook', error_msg: 'Webhook URL up to 10 characters.' }],
      },
    });
    const user = open(<PluginConfigPage />, '/admin/chat_relay', '/admin/:slugName');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Webhook URL up to 10 characters.')).toBeTruthy();
  });

  it('shows the 404 page for a plugin the server does not know', async () => {
    mockFetch({ [`GET ${A}/plugin/config`]: { data: { name: '', slug_name: '', description: '', version: '', config_fields: null } } });
    open(<PluginConfigPage />, '/admin/nothing', '/admin/:slugName');
    expect(await screen.findByText("Unfortunately, this page doesn't exist.")).toBeTruthy();
  });
});
