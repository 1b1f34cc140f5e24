// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../tests/support/fetch-mock';
import { renderWithApp } from '../../../tests/support/render';
import SettingsPage from '../../pages/Settings/SettingsPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const KEY = {
  id: 7,
  access_key: 'sk_1a2b********9f0e',
  description: 'My script',
  scope: 'read-only',
  created_at: 1_700_000_000,
  last_used_at: 0,
};

function open() {
  renderWithApp(<SettingsPage />, { path: '/users/settings/api_keys', pattern: '/users/settings/:tab' });
  return userEvent.setup();
}

describe("Settings → API keys (the member's own keys)", () => {
  it('lists the keys masked with scope and "Never" used, from GET personal/api-key/all', async () => {
    mockFetch({ 'GET /user/plugin/configs': ok(), 'GET /personal/api-key/all': ok([KEY]) });
    open();
    const row = (await screen.findByText('My script')).closest('tr') as HTMLElement;
    expect(within(row).getByText('sk_1a2b********9f0e')).toBeTruthy();
    expect(within(row).getByText('Read-only')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'API keys' }).getAttribute('aria-current')).toBe('page');
  });

  it('adds a global key and shows the whole key once, then lists the new one', async () => {
    const whole = `sk_${'ab'.repeat(32)}`;
    const f = mockFetch({
      'GET /user/plugin/configs': ok(),
      'GET /personal/api-key/all': ok([]),
      'POST /personal/api-key': ok({ access_key: whole }),
    });
    const user = open();
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add API key' }));
    await user.type(screen.getByLabelText('Description'), 'CI bot');
    await user.click(screen.getByLabelText(/^Global/));
    f.route({ 'GET /personal/api-key/all': ok([{ ...KEY, id: 8, description: 'CI bot', scope: 'global' }]) });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(((await screen.findByLabelText('API key')) as HTMLInputElement).value).toBe(whole);
    expect(f.callsTo('POST /personal/api-key')[0].body).toEqual({ description: 'CI bot', scope: 'global' });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('CI bot')).toBeTruthy();
    expect(screen.queryByDisplayValue(whole)).toBeNull();
  });

  it("shows the server's field error under the description (over 150 characters)", async () => {
    mockFetch({
      'GET /user/plugin/configs': ok(),
      'GET /personal/api-key/all': ok([]),
      'POST /personal/api-key': fail(400, 'base.request_format_error', 'bad', [
        { error_field: 'description', error_msg: 'At most 150 characters.' },
      ]),
    });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Add API key' }));
    await user.type(screen.getByLabelText('Description'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toBe('At most 150 characters.');
  });

  it('renames a key with PUT {id, description} and revokes it with DELETE {id} after confirming', async () => {
    const f = mockFetch({
      'GET /user/plugin/configs': ok(),
      'GET /personal/api-key/all': ok([KEY]),
      'PUT /personal/api-key': ok(),
      'DELETE /personal/api-key': ok(),
    });
    // happy-dom's window has no confirm() of its own: the test gives it one that says yes
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Edit My script' }));
    const box = screen.getByLabelText('Description');
    await user.clear(box);
    await user.type(box, 'Renamed');
    expect(screen.queryByRole('radio')).toBeNull(); // a key's scope is fixed once made
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(f.callsTo('PUT /personal/api-key')[0].body).toEqual({ id: 7, description: 'Renamed' });
    await user.click(screen.getByRole('button', { name: 'Delete My script' }));
    expect(await screen.findByText('API key deleted.')).toBeTruthy();
    expect(f.callsTo('DELETE /personal/api-key')[0].body).toEqual({ id: 7 });
  });
});
