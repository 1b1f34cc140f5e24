// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../tests/support/fetch-mock';
import { renderWithApp } from '../../../tests/support/render';
import { ContentPage } from './index';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('content pages', () => {
  it('show the site document the name stands for, and the 404 page for any other name', async () => {
    mockFetch({
      'GET /siteinfo/legal': {
        data: { privacy_policy_parsed_text: '<p>We keep nothing.</p>', terms_of_service_parsed_text: '<p>Be kind.</p>' },
      },
    });
    renderWithApp(<ContentPage />, { path: '/content/privacy-policy', pattern: '/content/:body' });
    expect(await screen.findByText('We keep nothing.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy policy');
    cleanup();
    renderWithApp(<ContentPage />, { path: '/content/constructor', pattern: '/content/:body' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404');
  });
});
