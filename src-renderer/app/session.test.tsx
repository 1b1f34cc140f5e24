// @vitest-environment happy-dom
import { useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { Link } from 'react-router';
import { fail, mockFetch, ok } from '../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../tests/support/render';
import { siteKeys } from '../api/site/keys';
import { clearToken, getToken, setToken } from '../api/token';
import type { LoginResp } from '../api/user/types';
import { DRAFT_KEYS } from '../hooks/useDraft';
import { readLocal, writeLocal } from '../utils/storage';
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
      <button type="button" onClick={() => void refreshUser(true)}>
        force
      </button>
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

describe('the session', () => {
  it('reloads the user on a page change once 10 s have passed, not more often, and at once when forced', async () => {
    const { calls } = mockFetch({ 'GET /user/info': ok(userFixture({ role_id: 3, display_name: 'Grace' })) });
    renderWithApp(<Probe />, { path: '/start', pattern: '*' });
    expect(screen.getByTestId('who').textContent).toBe('Grace (role 1)');
    fireEvent.click(screen.getByText('to a'));
    await act(async () => undefined);
    expect(calls).toHaveLength(0);
    now += 10_001;
    fireEvent.click(screen.getByText('to b'));
    expect(await screen.findByText('Grace (role 3)')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/user/info' });
    fireEvent.click(screen.getByText('to a'));
    await act(async () => undefined);
    expect(calls).toHaveLength(1);
    fireEvent.click(screen.getByText('force'));
    await act(async () => undefined);
    expect(calls).toHaveLength(2);
  });

  it('forgets the user when the reload fails', async () => {
    mockFetch({ 'GET /user/info': fail(401, 'base.unauthorized') });
    renderWithApp(<Probe />, { path: '/start', pattern: '*' });
    expect(screen.getByTestId('who').textContent).toBe('Grace (role 1)');
    fireEvent.click(screen.getByText('force'));
    expect(await screen.findByText('nobody')).toBeTruthy();
  });
});

// Issue 20: on a shared desktop the next person must not see what was fetched for the previous one
// (vote state, bookmarks, edit buttons, inbox), not even while a page reloads.
const QUESTION_KEY = ['question', 'detail', 'q1'];

/** A page showing a question's per-user state, cached for a long time as the question page does. */
function QuestionState() {
  const q = useQuery({ queryKey: QUESTION_KEY, queryFn: async () => `fresh for ${getToken() || 'a visitor'}`, staleTime: Infinity });
  return <p data-testid="state">{q.data ?? 'loading'}</p>;
}

function Shell() {
  const { user, signIn, signOut, refreshUser } = useSession();
  const [shown, setShown] = useState(false);
  return (
    <>
      <p data-testid="who">{user ? user.display_name : 'nobody'}</p>
      <button type="button" onClick={() => void signOut()}>
        sign out
      </button>
      <button
        type="button"
        onClick={() =>
          void signIn({ ...userFixture({ id: '3', display_name: 'Bob' }), access_token: 'token-b', visit_token: '' } as LoginResp)
        }
      >
        sign in as Bob
      </button>
      <button type="button" onClick={() => void refreshUser(true)}>
        reload user
      </button>
      <button type="button" onClick={() => setShown(true)}>
        open question
      </button>
      {shown && <QuestionState />}
    </>
  );
}

describe('changing who is signed in', () => {
  it("drops the previous user's cached data on sign-out, keeping the site settings", async () => {
    const { queryClient } = renderWithApp(<Shell />);
    queryClient.setQueryData(QUESTION_KEY, 'Grace upvoted and bookmarked');
    queryClient.setQueryData(siteKeys.info(), { general: { name: 'Team Lantern' } });
    fireEvent.click(screen.getByText('open question'));
    expect(screen.getByTestId('state').textContent).toBe('Grace upvoted and bookmarked');
    fireEvent.click(screen.getByText('sign out'));
    expect(await screen.findByText('fresh for a visitor')).toBeTruthy();
    expect(screen.getByTestId('who').textContent).toBe('nobody');
    expect(queryClient.getQueryData(siteKeys.info())).toEqual({ general: { name: 'Team Lantern' } });
  });

  it('shows the next user nothing cached for the previous one after they sign in', async () => {
    mockFetch({ 'GET /user/info': ok(userFixture({ id: '3', display_name: 'Bob' })) });
    const { queryClient } = renderWithApp(<Shell />, { user: null });
    queryClient.setQueryData(QUESTION_KEY, 'Grace upvoted and bookmarked');
    fireEvent.click(screen.getByText('sign in as Bob'));
    expect(await screen.findByText('Bob')).toBeTruthy();
    fireEvent.click(screen.getByText('open question'));
    expect(screen.getByTestId('state').textContent).not.toContain('Grace');
    expect(await screen.findByText('fresh for token-b')).toBeTruthy();
  });

  it('drops the cache when a reload of the user finds someone else', async () => {
    mockFetch({ 'GET /user/info': ok(userFixture({ id: '3', display_name: 'Bob' })) });
    const { queryClient } = renderWithApp(<Shell />);
    queryClient.setQueryData(QUESTION_KEY, 'Grace upvoted and bookmarked');
    fireEvent.click(screen.getByText('open question'));
    fireEvent.click(screen.getByText('reload user'));
    expect(await screen.findByText('Bob')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('fresh for token-1'));
  });

  it('keeps the cache when a reload finds the same user', async () => {
    mockFetch({ 'GET /user/info': ok(userFixture()) });
    const { queryClient } = renderWithApp(<Shell />);
    queryClient.setQueryData(QUESTION_KEY, 'Grace upvoted and bookmarked');
    fireEvent.click(screen.getByText('reload user'));
    await act(async () => undefined);
    expect(queryClient.getQueryData(QUESTION_KEY)).toBe('Grace upvoted and bookmarked');
  });

  it("drops drafts written by another member when someone else signs in, not the signed-in member's own", async () => {
    mockFetch({ 'GET /user/info': ok(userFixture({ id: '3', display_name: 'Bob' })) });
    renderWithApp(<Shell />, { user: null });
    writeLocal('draft_owner', '2');
    writeLocal(DRAFT_KEYS.question, { title: "Grace's unfinished question" });
    fireEvent.click(screen.getByText('sign in as Bob'));
    expect(await screen.findByText('Bob')).toBeTruthy();
    expect(readLocal(DRAFT_KEYS.question)).toBeNull();
    writeLocal(DRAFT_KEYS.question, { title: "Bob's question" });
    fireEvent.click(screen.getByText('reload user'));
    await act(async () => undefined);
    expect(readLocal(DRAFT_KEYS.question)).toEqual({ title: "Bob's question" });
  });
});
