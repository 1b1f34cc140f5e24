// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../../tests/support/render';
import McpPage from './McpPage';

const A = '/answer/admin/api';
const config = (enabled: boolean) => ({
  enabled,
  type: 'Server-Sent Event (SSE)',
  url: 'http://lantern.test/answer/api/v1/mcp/sse',
  http_header: 'Authorization={key}',
  streamable_url: 'http://lantern.test/answer/api/v1/mcp',
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function open() {
  renderWithApp(<McpPage />, { path: '/admin/mcp', user: userFixture({ role_id: 2 }) });
  return userEvent.setup();
}

describe('Admin → MCP', () => {
  it('is off as loaded: no endpoints shown; turning it on shows them and saves {enabled: true}', async () => {
    let enabled = false;
    const { calls } = mockFetch({
      [`GET ${A}/mcp-config`]: () => ok(config(enabled)),
      [`PUT ${A}/mcp-config`]: (c) => {
        enabled = (c.body as { enabled: boolean }).enabled;
        return ok(null);
      },
    });
    const user = open();
    const box = await screen.findByLabelText('MCP server');
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByLabelText('URL')).toBeNull();

    await user.click(box);
    expect((screen.getByLabelText('URL') as HTMLInputElement).value).toBe('http://lantern.test/answer/api/v1/mcp/sse');
    expect((screen.getByLabelText('Type') as HTMLInputElement).value).toBe('Server-Sent Event (SSE)');
    expect((screen.getByLabelText('HTTP header') as HTMLInputElement).value).toBe('Authorization={key}');
    expect((screen.getByLabelText('Streamable HTTP URL') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByText(/"url": "http:\/\/lantern.test\/answer\/api\/v1\/mcp"/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ enabled: true }]));
    expect(await screen.findByText('update success')).toBeTruthy();
  });

  it('turns it off again', async () => {
    const { calls } = mockFetch({ [`GET ${A}/mcp-config`]: ok(config(true)), [`PUT ${A}/mcp-config`]: ok(null) });
    const user = open();
    const box = await screen.findByLabelText('MCP server');
    expect((box as HTMLInputElement).checked).toBe(true);
    await user.click(box);
    expect(screen.queryByLabelText('URL')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ enabled: false }]));
  });
});
