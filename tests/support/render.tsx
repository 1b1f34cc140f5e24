import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { RedDot } from '../../src-renderer/api/notification/types';
import type { SiteInfo } from '../../src-renderer/api/site/types';
import type { CurrentUser } from '../../src-renderer/api/user/types';
import { SessionProvider } from '../../src-renderer/app/session';
import { FeedbackProvider } from '../../src-renderer/components/Feedback';
import { UiProvider } from '../../src-renderer/components/ui';
import { initI18n } from '../../src-renderer/i18n';

// Component tests of the renderer (files with `// @vitest-environment happy-dom`): one screen or form
// rendered with the app's providers (i18n in en_US, react-query, session, toasts, a memory router).

// findBy* and waitFor wait on their condition up to 5 s (the default 1 s ran out on a busy CI machine;
// a passing check still returns as soon as it holds)
configure({ asyncUtilTimeout: 5000 });

/** Site settings as a fresh install answers them; override what a test is about. */
export function siteFixture(over: Partial<SiteInfo> = {}): SiteInfo {
  return {
    general: {
      name: 'Team Lantern',
      short_description: '',
      description: '',
      site_url: 'http://127.0.0.1',
      contact_email: 'team@example.com',
    },
    interface: { language: 'en_US', time_zone: 'UTC' },
    branding: { logo: '', mobile_logo: '', square_icon: '', favicon: '' },
    login: { allow_new_registrations: true, allow_email_registrations: true, allow_password_login: true, login_required: false },
    theme: { theme: 'default', color_scheme: 'system', theme_config: { default: { navbar_style: 'colored', primary_color: '#0033ff' } } },
    custom_css_html: { custom_head: '', custom_css: '', custom_header: '', custom_footer: '', custom_sidebar: '' },
    site_users: {
      default_avatar: 'system',
      gravatar_base_url: 'https://www.gravatar.com/avatar/',
      allow_update_display_name: true,
      allow_update_username: true,
      allow_update_avatar: true,
      allow_update_bio: true,
      allow_update_website: true,
      allow_update_location: true,
    },
    site_legal: { external_content_display: 'always_display' },
    site_seo: { permalink: 1 },
    site_write: { restrict_answer: true, required_tag: false, recommend_tags: [], reserved_tags: [] },
    version: '1.5.1',
    revision: 'test',
    ...over,
  };
}

/** A logged-in, activated member; override role_id (2 admin, 3 moderator), mail_status or status. */
export function userFixture(over: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '2',
    username: 'grace',
    display_name: 'Grace',
    e_mail: 'grace@example.com',
    avatar: '',
    rank: 1,
    mail_status: 1,
    status: 'normal',
    role_id: 1,
    language: 'en_US',
    color_scheme: 'default',
    access_token: 'token',
    ...over,
  };
}

/** The red-dot counts notification/status answers: unread inbox, achievements, and items to review. */
export function redDotFixture(inbox: number, achievement = 0, revision = 0): RedDot {
  return { inbox, achievement, revision, can_revision: revision > 0, badge_award: null };
}

export interface RenderOptions {
  site?: SiteInfo;
  user?: CurrentUser | null;
  /** The address the memory router starts at. */
  path?: string;
  /** The route pattern the element is mounted at (so useParams works); defaults to `path`. */
  pattern?: string;
  /** Extra routes (e.g. where a form navigates after success). */
  routes?: RouteObject[];
}

/** Renders `ui` inside the app's providers; returns testing-library's result and the query client. */
export function renderWithApp(ui: ReactNode, opts: RenderOptions = {}): RenderResult & { queryClient: QueryClient } {
  initI18n();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const path = opts.path ?? '/';
  const router = createMemoryRouter([{ path: opts.pattern ?? path.split('?')[0], element: ui }, ...(opts.routes ?? [])], {
    initialEntries: [path],
  });
  const result = render(
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <SessionProvider site={opts.site ?? siteFixture()} initialUser={opts.user === undefined ? userFixture() : opts.user}>
          <FeedbackProvider>
            <RouterProvider router={router} />
          </FeedbackProvider>
        </SessionProvider>
      </QueryClientProvider>
    </UiProvider>,
  );
  return Object.assign(result, { queryClient });
}
