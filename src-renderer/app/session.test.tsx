// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link } from 'react-router';
import { renderWithApp, userFixture } from '../../tests/support/render';
import { clearToken, setToken } from '../api/token';
import { SiteGate } from './guards';
import { useSession } from './session';

// Spec section 4: the logged user is reloaded as pages change, at most once per 10 s unless forced,
// and cleared when the reload fails.
function Probe() {
  const { user, refreshUser } = useSession();
  return (
    <SiteGate>
      <p data-testid="who">{user ? `${user.display_name} (role ${user.role_id})` : 'nobody'}</p>
      <Link to="/a">to a</Link> <Link to="/b">to b</Link>
      <button type="button" onClick={() => void refreshUser(true)}>force</button>
    </SiteGate>
  );
}

let now = 1_800_000_000_000;
beforeEach(async () => {
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  await setToken('token-1');
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await clearToken();
});

function serveUser(body: () => { status: number; data: unknown }) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    const r = body();
    return new Response(JSON.stringify({ code: r.status, reason: r.status === 200 ? 'base.success' : 'base.unauthorized', msg: '', data: r.data }), { status: r.status, headers: { 'content-type': 'application/json' } });
  });
}

describe('the session', () => {
  it('reloads the user on a page change once 10 s have passed, not more often, and at once when forced', async () => {
    const calls = serveUser(() => ({ status: 200, data: userFixture({ role_id: 3, display_name: 'Grace' }) }));
    renderWithApp(<Probe />, { path: '/start', pattern: '*' });
    expect(screen.getByTestId('who').textContent).toBe('Grace (role 1)');
    fireEvent.click(screen.getByText('to a'));
    await act(async () => undefined);
    expect(calls).not.toHaveBeenCalled();
    now += 10_001;
    fireEvent.click(screen.getByText('to b'));
    expect(await screen.findByText('Grace (role 3)')).toBeTruthy();
    expect(calls).toHaveBeenCalledTimes(1);
    expect(String(calls.mock.calls[0][0])).toContain('/answer/api/v1/user/info');
    fireEvent.click(screen.getByText('to a'));
    await act(async () => undefined);
    expect(calls).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByText('force'));
    await act(async () => undefined);
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it('forgets the user when the reload fails', async () => {
    serveUser(() => ({ status: 401, data: null }));
    renderWithApp(<Probe />, { path: '/start', pattern: '*' });
    expect(screen.getByTestId('who').textContent).toBe('Grace (role 1)');
    fireEvent.click(screen.getByText('force'));
    expect(await screen.findByText('nobody')).toBeTruthy();
  });
});
