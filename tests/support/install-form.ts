import type { TestApp } from './test-app.js';

/** The installer's database form naming the database test app `a` runs on (SQLite, or its PostgreSQL database). */
export function databaseForm(a: TestApp, change: Partial<Record<'db_host' | 'db_name' | 'db_username' | 'db_password', string>> = {}) {
  const url = a.lantern.ctx.config.databaseUrl;
  if (!url) return { db_type: 'sqlite3' };
  const u = new URL(url);
  return {
    db_type: 'postgres',
    db_host: `${u.hostname}:${u.port || '5432'}`,
    db_name: decodeURIComponent(u.pathname.slice(1)),
    db_username: decodeURIComponent(u.username),
    db_password: decodeURIComponent(u.password),
    ...change,
  };
}

/** The installer's last step (site and admin) as a person fills it in; spread it to change a field. */
export const BASE_INFO = Object.freeze({
  lang: 'en_US',
  site_name: 'Team',
  site_url: 'http://127.0.0.1:9080',
  contact_email: 'team@example.com',
  name: 'Team Admin',
  password: 'correct horse',
  email: 'admin@example.com',
});
