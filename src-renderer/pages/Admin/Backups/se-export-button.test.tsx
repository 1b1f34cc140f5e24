// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, mockFetch } from '../../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../../tests/support/render';
import { clearToken, setToken } from '../../../api/token';
import { ExportDownloadButton } from './ExportDownloadButton';

const ADMIN = userFixture({ id: '1', role_id: 2 });
const saved: { blob: Blob; name: string }[] = [];
let lastBlob: Blob | null = null;

beforeEach(async () => {
  await setToken('token-1');
  saved.length = 0;
  // jsdom has no object URLs nor downloads: record what the page hands the browser to save
  URL.createObjectURL = (b: Blob | MediaSource) => {
    lastBlob = b as Blob;
    return 'blob:se-export';
  };
  URL.revokeObjectURL = () => {};
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    if (this.href === 'blob:se-export' && lastBlob) saved.push({ blob: lastBlob, name: this.download });
  };
});
afterEach(async () => {
  cleanup();
  await clearToken();
});

describe('Admin → Backups: Export (Stack Exchange .zip)', () => {
  it('downloads the zip the server sends, under the name it gives, with the admin token', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    let auth = '';
    const fetchMock = mockFetch({}, { base: '/answer' });
    fetchMock.use(
      http.get('*/answer/admin/api/export/stackexchange', ({ request }) => {
        auth = request.headers.get('authorization') ?? '';
        return new HttpResponse(zip, {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="lantern-stackexchange-2026-11-29.zip"',
          },
        });
      }),
    );
    renderWithApp(<ExportDownloadButton kind="se" />, { path: '/admin/backups', user: ADMIN });
    await userEvent.click(await screen.findByRole('button', { name: 'Export (Stack Exchange .zip)' }));
    await screen.findByRole('button', { name: 'Export (Stack Exchange .zip)' });
    await expect.poll(() => saved.length).toBe(1);
    expect(saved[0].name).toBe('lantern-stackexchange-2026-11-29.zip');
    expect(new Uint8Array(await saved[0].blob.arrayBuffer())).toEqual(zip);
    expect(auth).toBe('token-1');
  });

  it('shows the server’s refusal while another export runs', async () => {
    mockFetch(
      { 'GET /admin/api/export/stackexchange': fail(409, 'error.export_se.busy', 'An export of this site is already running.') },
      { base: '/answer' },
    );
    renderWithApp(<ExportDownloadButton kind="se" />, { path: '/admin/backups', user: ADMIN });
    await userEvent.click(await screen.findByRole('button', { name: 'Export (Stack Exchange .zip)' }));
    expect((await screen.findByText('An export of this site is already running.')).textContent).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
