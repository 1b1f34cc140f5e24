// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, mockFetch } from '../../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../../tests/support/render';
import { clearToken, setToken } from '../../../api/token';
import { ExportDownloadButton, type ExportKind } from './ExportDownloadButton';

const ADMIN = userFixture({ id: '1', role_id: 2 });
const saved: { blob: Blob; name: string }[] = [];
let lastBlob: Blob | null = null;

beforeEach(async () => {
  await setToken('token-1');
  saved.length = 0;
  // happy-dom has no object URLs nor downloads: record what the page hands the browser to save
  URL.createObjectURL = (b: Blob | MediaSource) => {
    lastBlob = b as Blob;
    return 'blob:export';
  };
  URL.revokeObjectURL = () => {};
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    if (this.href === 'blob:export' && lastBlob) saved.push({ blob: lastBlob, name: this.download });
  };
});
afterEach(async () => {
  cleanup();
  await clearToken();
});

/** Each export: its button, where it is fetched from, the name the server gives, and the server's refusal while one runs. */
const CASES: { kind: ExportKind; button: string; path: string; file: string; busy: [number, string, string]; busyCase: string }[] = [
  {
    kind: 'se',
    button: 'Export (Stack Exchange .zip)',
    path: '/admin/api/export/stackexchange',
    file: 'lantern-stackexchange-2026-11-29.zip',
    busy: [409, 'error.export_se.busy', 'An export of this site is already running.'],
    busyCase: 'another export runs',
  },
  {
    kind: 'html',
    button: 'Download static archive (.zip)',
    path: '/admin/api/exports/html.zip',
    file: 'lantern-archive-2026-11-29.zip',
    busy: [400, 'error.export_html.busy', 'A static archive is already being built; try again when it has finished.'],
    busyCase: 'another build runs',
  },
];

describe.each(CASES)('Admin → Backups: $button', ({ kind, button, path, file, busy, busyCase }) => {
  it('downloads the zip the server sends, under the name it gives, with the admin token', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    let auth = '';
    const fetchMock = mockFetch({}, { base: '/answer' });
    fetchMock.use(
      http.get(`*/answer${path}`, ({ request }) => {
        auth = request.headers.get('authorization') ?? '';
        return new HttpResponse(zip, {
          headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${file}"` },
        });
      }),
    );
    renderWithApp(<ExportDownloadButton kind={kind} />, { path: '/admin/backups', user: ADMIN });
    await userEvent.click(await screen.findByRole('button', { name: button }));
    await screen.findByRole('button', { name: button });
    await expect.poll(() => saved.length).toBe(1);
    expect(saved[0].name).toBe(file);
    expect(new Uint8Array(await saved[0].blob.arrayBuffer())).toEqual(zip);
    expect(auth).toBe('token-1');
  });

  it(`shows the server’s refusal while ${busyCase}`, async () => {
    const [status, reason, msg] = busy;
    mockFetch({ [`GET ${path}`]: fail(status, reason, msg) }, { base: '/answer' });
    renderWithApp(<ExportDownloadButton kind={kind} />, { path: '/admin/backups', user: ADMIN });
    await userEvent.click(await screen.findByRole('button', { name: button }));
    expect((await screen.findByText(msg)).textContent).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
