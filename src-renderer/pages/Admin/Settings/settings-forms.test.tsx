// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, type FetchCall } from '../../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../../tests/support/render';
import { siteKeys } from '../../../api/site/keys';
import GeneralPage from './GeneralPage';
import LoginPage from './LoginPage';
import PrivilegesPage from './PrivilegesPage';
import SeoPage from './SeoPage';
import SmtpPage from './SmtpPage';
import UsersSettingsPage from './UsersSettingsPage';
import WritePage from './WritePage';

const A = '/answer/admin/api';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function open(ui: ReactNode, path = '/admin/x') {
  const r = renderWithApp(ui, { path, user: userFixture({ role_id: 2 }) });
  return { user: userEvent.setup(), ...r };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const put = (calls: FetchCall[]) => calls.filter((c) => c.method === 'PUT');

describe('general settings', () => {
  const general = {
    name: 'Team Lantern',
    short_description: '',
    description: '',
    site_url: 'http://127.0.0.1',
    contact_email: 'team@example.com',
    check_update: true,
  };

  it("shows the spec's messages for an empty site name, an empty URL and a bad email, and sends nothing", async () => {
    const { calls } = mockFetch({ [`GET ${A}/siteinfo/general`]: { data: general } });
    const { user } = open(<GeneralPage />);
    await user.clear(await screen.findByLabelText('Site name'));
    await user.clear(field('Site URL'));
    await user.clear(field('Contact email'));
    await user.type(field('Contact email'), 'team at example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Site name cannot be empty.')).toBeTruthy();
    expect(screen.getByText('Site URL cannot be empty.')).toBeTruthy();
    expect(screen.getByText('Invalid Email Address.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Site name'));
    expect(put(calls)).toEqual([]);
  });

  it('refuses a site name over 30 characters, a site URL over 512 and one that is no URL', async () => {
    mockFetch({ [`GET ${A}/siteinfo/general`]: { data: general } });
    const { user } = open(<GeneralPage />);
    await user.clear(await screen.findByLabelText('Site name'));
    await user.type(field('Site name'), 'x'.repeat(31));
    await user.clear(field('Site URL'));
    await user.type(field('Site URL'), 'lantern.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Site name up to 30 characters.')).toBeTruthy();
    expect(screen.getByText('URL format is incorrect.')).toBeTruthy();
    await user.clear(field('Site URL'));
    await user.click(field('Site URL'));
    await user.paste(`http://example.com/${'a'.repeat(500)}`);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Site URL up to 512 characters.')).toBeTruthy();
  });

  it('saves the group, says "update success" and reloads the site settings the layouts read', async () => {
    const { calls } = mockFetch({ [`GET ${A}/siteinfo/general`]: { data: general }, [`PUT ${A}/siteinfo/general`]: ok() });
    const { user, queryClient } = open(<GeneralPage />);
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    await user.clear(await screen.findByLabelText('Site name'));
    await user.type(field('Site name'), 'Night Shift');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(put(calls)).toEqual([expect.objectContaining({ path: `${A}/siteinfo/general`, body: { ...general, name: 'Night Shift' } })]);
    expect(spy).toHaveBeenCalledWith({ queryKey: siteKeys.all });
  });

  it('shows a server field error on its field', async () => {
    mockFetch({
      [`GET ${A}/siteinfo/general`]: { data: general },
      [`PUT ${A}/siteinfo/general`]: {
        status: 400,
        msg: 'Contact email is not valid.',
        data: [{ error_field: 'contact_email', error_msg: 'Contact email is not valid.' }],
      },
    });
    const { user } = open(<GeneralPage />);
    await user.type(await screen.findByLabelText('Site name'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const msg = await screen.findByText('Contact email is not valid.');
    expect(field('Contact email').getAttribute('aria-describedby')).toContain(msg.id);
  });
});

describe('SMTP settings', () => {
  const smtp = {
    from_email: '',
    from_name: '',
    smtp_host: '',
    smtp_port: 465,
    smtp_username: '',
    smtp_password: '',
    smtp_authentication: true,
    encryption: '',
  };

  it.each(['0', '65536', 'abc', ''])('refuses the port "%s" with "SMTP port must be number 1 ~ 65535."', async (port) => {
    const { calls } = mockFetch({ [`GET ${A}/setting/smtp`]: { data: smtp } });
    const { user } = open(<SmtpPage />);
    await user.clear(await screen.findByLabelText('SMTP port'));
    if (port) await user.type(field('SMTP port'), port);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('SMTP port must be number 1 ~ 65535.')).toBeTruthy();
    expect(put(calls)).toEqual([]);
  });

  it('sends the port as a number with a test recipient, and says the test mail was sent', async () => {
    const { calls } = mockFetch({ [`GET ${A}/setting/smtp`]: { data: smtp }, [`PUT ${A}/setting/smtp`]: ok() });
    const { user } = open(<SmtpPage />);
    await user.type(await screen.findByLabelText('SMTP host'), 'mail.example.com');
    await user.clear(field('SMTP port'));
    await user.type(field('SMTP port'), '587');
    await user.type(field('Test email recipient'), 'bad');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Invalid Email Address.')).toBeTruthy();
    await user.clear(field('Test email recipient'));
    await user.type(field('Test email recipient'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(await screen.findByText('Sent successfully')).toBeTruthy();
    expect(put(calls)[0]).toMatchObject({
      path: `${A}/setting/smtp`,
      body: { smtp_host: 'mail.example.com', smtp_port: 587, test_email_recipient: 'admin@example.com' },
    });
  });
});

describe('write settings', () => {
  const write = {
    restrict_answer: true,
    required_tag: false,
    recommend_tags: [],
    reserved_tags: [{ slug_name: 'meta', display_name: 'Meta' }],
    max_image_size: 4,
    max_uploads_per_hour: 30,
    max_upload_mb_per_day: 50,
  };

  it('refuses recommended tags that contain a reserved one: "Recommended tags cannot contain reserved tags."', async () => {
    const { calls } = mockFetch({ [`GET ${A}/siteinfo/write`]: { data: write } });
    const { user } = open(<WritePage />);
    await user.type(await screen.findByLabelText('Recommended tags'), 'help, Meta');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Recommended tags cannot contain reserved tags.')).toBeTruthy();
    expect(put(calls)).toEqual([]);
  });

  it('sends both lists as tags with the upload limits kept', async () => {
    const { calls } = mockFetch({ [`GET ${A}/siteinfo/write`]: { data: write }, [`PUT ${A}/siteinfo/write`]: ok() });
    const { user } = open(<WritePage />);
    await user.type(await screen.findByLabelText('Recommended tags'), 'help');
    await user.click(field('Recommended tags are required'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(put(calls)[0].body).toEqual({ ...write, required_tag: true, recommend_tags: [{ slug_name: 'help', display_name: 'help' }] });
  });

  it("shows the members' upload quotas and sends the new ones as numbers", async () => {
    const { calls } = mockFetch({ [`GET ${A}/siteinfo/write`]: { data: write }, [`PUT ${A}/siteinfo/write`]: ok() });
    const { user } = open(<WritePage />);
    const perHour = (await screen.findByLabelText('Uploads per member per hour')) as HTMLInputElement;
    expect(perHour.value).toBe('30');
    expect((field('Upload MB per member per day') as HTMLInputElement).value).toBe('50');
    await user.clear(perHour);
    await user.type(perHour, '10');
    await user.clear(field('Upload MB per member per day'));
    await user.type(field('Upload MB per member per day'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(put(calls)[0].body).toEqual({ ...write, max_uploads_per_hour: 10, max_upload_mb_per_day: 0 });
  });

  it('refuses a negative or fractional quota: "Enter a whole number from 0 (no limit) to 100000."', async () => {
    const { calls } = mockFetch({ [`GET ${A}/siteinfo/write`]: { data: write } });
    const { user } = open(<WritePage />);
    const perHour = await screen.findByLabelText('Uploads per member per hour');
    await user.clear(perHour);
    await user.type(perHour, '-1');
    await user.clear(field('Upload MB per member per day'));
    await user.type(field('Upload MB per member per day'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('Enter a whole number from 0 (no limit) to 100000.')).toHaveLength(2);
    expect(document.activeElement).toBe(perHour);
    expect(put(calls)).toEqual([]);
  });

  it("shows the server's field error on its quota", async () => {
    mockFetch({
      [`GET ${A}/siteinfo/write`]: { data: write },
      [`PUT ${A}/siteinfo/write`]: fail(400, 'base.request_format_error', '', [
        { error_field: 'max_upload_mb_per_day', error_msg: 'Upload MB per member per day must be between 0 and 100000.' },
      ]),
    });
    const { user } = open(<WritePage />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Upload MB per member per day must be between 0 and 100000.')).toBeTruthy();
  });
});

describe('privileges', () => {
  const privileges = [
    { key: 'rank.question.add', label: 'Ask question', value: 1 },
    { key: 'rank.tag.add', label: 'Create new tag', value: 750 },
  ];
  const options = {
    options: [
      { level: 1, level_desc: 'Level 1', privileges },
      { level: 2, level_desc: 'Level 2', privileges },
      { level: 99, level_desc: 'Custom Level', privileges: [{ ...privileges[0], value: 5 }, privileges[1]] },
    ],
    selected_level: 2,
  };

  it('checks custom values: "The input should be a number." and "The number should be equal or larger than 1."', async () => {
    const { calls } = mockFetch({ [`GET ${A}/setting/privileges`]: { data: options }, [`PUT ${A}/setting/privileges`]: ok() });
    const { user } = open(<PrivilegesPage />);
    await user.click(await screen.findByLabelText('Custom Level'));
    await user.clear(field('Ask question'));
    await user.type(field('Ask question'), 'ten');
    await user.clear(field('Create new tag'));
    await user.type(field('Create new tag'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('The input should be a number.')).toBeTruthy();
    expect(screen.getByText('The number should be equal or larger than 1.')).toBeTruthy();
    expect(put(calls)).toEqual([]);
    await user.clear(field('Ask question'));
    await user.type(field('Ask question'), '10');
    await user.clear(field('Create new tag'));
    await user.type(field('Create new tag'), '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(put(calls)[0].body).toEqual({
      level: 99,
      custom_privileges: [
        { key: 'rank.question.add', value: 10 },
        { key: 'rank.tag.add', value: 1 },
      ],
    });
  });

  it("shows a chosen level's values without inputs", async () => {
    mockFetch({ [`GET ${A}/setting/privileges`]: { data: options } });
    open(<PrivilegesPage />);
    expect(((await screen.findByLabelText('Level 2')) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('750')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('SEO, login and users settings', () => {
  it('SEO: robots.txt cannot be empty; the permalink is sent as a number 1-4', async () => {
    const { calls } = mockFetch({
      [`GET ${A}/siteinfo/seo`]: { data: { permalink: 2, robots: 'User-agent: *' } },
      [`PUT ${A}/siteinfo/seo`]: ok(),
    });
    const { user } = open(<SeoPage />);
    await user.clear(await screen.findByLabelText('robots.txt'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('robots.txt cannot be empty.')).toBeTruthy();
    await user.type(field('robots.txt'), 'User-agent: *');
    await user.click(screen.getByLabelText('/questions/1/post-title (short ID)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(put(calls)[0].body).toEqual({ permalink: 3, robots: 'User-agent: *' });
  });

  it('login: a bad domain is named; domains are sent as a list', async () => {
    const { calls } = mockFetch({
      [`PUT ${A}/siteinfo/login`]: ok(),
      [`GET ${A}/siteinfo/login`]: {
        data: {
          allow_new_registrations: true,
          allow_email_registrations: true,
          allow_password_login: true,
          login_required: false,
          allow_email_domains: [],
        },
      },
    });
    const { user } = open(<LoginPage />);
    await user.type(await screen.findByLabelText('Allowed email domains'), 'example.com\nnot a domain');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Domain “not” is not valid.')).toBeTruthy();
    await user.clear(field('Allowed email domains'));
    await user.type(field('Allowed email domains'), 'Example.com\nteam.example.org');
    await user.click(field('Allow new registrations'));
    await user.click(field('Login required'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(put(calls)[0].body).toEqual({
      allow_new_registrations: false,
      allow_email_registrations: true,
      allow_password_login: true,
      login_required: true,
      allow_email_domains: ['example.com', 'team.example.org'],
    });
  });

  it('users: the Gravatar base URL must be a URL', async () => {
    const users = {
      default_avatar: 'gravatar',
      gravatar_base_url: 'https://www.gravatar.com/avatar/',
      allow_update_display_name: true,
      allow_update_username: true,
      allow_update_avatar: true,
      allow_update_bio: true,
      allow_update_website: true,
      allow_update_location: true,
    };
    const { calls } = mockFetch({ [`GET ${A}/siteinfo/users`]: { data: users }, [`PUT ${A}/siteinfo/users`]: ok() });
    const { user } = open(<UsersSettingsPage />);
    await user.clear(await screen.findByLabelText('Gravatar base URL'));
    await user.type(field('Gravatar base URL'), 'gravatar mirror');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('URL format is incorrect.')).toBeTruthy();
    await user.clear(field('Gravatar base URL'));
    await user.type(field('Gravatar base URL'), 'https://cravatar.example/avatar/');
    await user.click(field('Username'));
    await user.click(screen.getByLabelText('System (the first letter of the name)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(put(calls)[0].body).toEqual({
      ...users,
      default_avatar: 'system',
      gravatar_base_url: 'https://cravatar.example/avatar/',
      allow_update_username: false,
    });
  });
});
