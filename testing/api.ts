// The Answer API of a running Lantern, as the testing fixtures use it: logging in, adding users with a
// role, and making content (questions, answers, comments, votes, tags) the way a person's client would.
// Plain fetch: nothing here needs the server's code.

/** Who a page or an API call is for. `user` is a plain member. */
export type Role = 'anonymous' | 'user' | 'moderator' | 'admin';

/** Someone who can log in. */
export interface Account {
  /** The user name (what profile URLs and mentions use). */
  name: string;
  email: string;
  pass: string;
  /** The user's id, as the API names it. */
  id: string;
  /** An access token for API calls as this user (the Authorization header). */
  token: string;
}

/** Answer's response envelope. */
export interface Envelope<T = any> {
  code: number;
  reason: string;
  msg: string;
  data: T;
}

/** A question made through the API. */
export interface MadeQuestion {
  id: string;
  title: string;
  /** Its page's path, e.g. /questions/10010000000000001. */
  path: string;
}

/** Answer's role ids (admin/api/user/role). */
const ROLE_IDS = { user: 1, admin: 2, moderator: 3 } as const;

let made = 0;
/** A name unique to this process and call, so tests that share a server never collide. */
export function uniqueName(prefix: string): string {
  return `${prefix}${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}${(++made).toString(36)}`;
}

/** Thrown when the API refuses a call the fixtures needed. */
export class LanternApiError extends Error {
  constructor(
    readonly what: string,
    readonly status: number,
    readonly envelope: unknown,
  ) {
    super(`${what} failed with ${status}: ${JSON.stringify(envelope)}`);
    this.name = 'LanternApiError';
  }
}

/**
 * Calls the API of the Lantern at `url` as the account whose token it holds (none: a visitor).
 * `call` resolves every envelope, refusals included; the helpers throw LanternApiError when refused.
 */
export class LanternApi {
  constructor(
    readonly url: string,
    readonly token = '',
  ) {}

  /** The same API as another account (null: a visitor). */
  as(account: Account | null): LanternApi {
    return new LanternApi(this.url, account?.token ?? '');
  }

  /** Any call under /answer, e.g. call('GET', '/api/v1/question/page?page=1'); resolves the envelope whatever the status. */
  async call<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number } & Envelope<T>> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.token) headers.authorization = this.token;
    const res = await fetch(`${this.url}/answer${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new LanternApiError(`${method} ${path}`, res.status, text.slice(0, 200));
    }
    return { status: res.status, ...envelope };
  }

  /** A call that must succeed: its data, or LanternApiError. */
  async ok<T = any>(what: string, method: string, path: string, body?: unknown): Promise<T> {
    const r = await this.call<T>(method, path, body);
    if (r.status !== 200 || r.code !== 200) throw new LanternApiError(what, r.status, r);
    return r.data;
  }

  /** Logs in by email and password. */
  async login(email: string, pass: string): Promise<Account> {
    const d = await this.as(null).ok<{ id: string; username: string; access_token: string }>(
      `login of ${email}`,
      'POST',
      '/api/v1/user/login/email',
      { e_mail: email, pass },
    );
    return { name: d.username, email, pass, id: String(d.id), token: d.access_token };
  }

  /**
   * Adds a user (this API must be an admin's) through Admin → Users' bulk add, gives it the role and logs it
   * in. Name, email and password are made up (unique) unless given.
   */
  async addUser(opts: { name?: string; email?: string; pass?: string; role?: Exclude<Role, 'anonymous'> } = {}): Promise<Account> {
    const name = opts.name ?? uniqueName(opts.role && opts.role !== 'user' ? opts.role : 'user');
    const plain = name.replace(/[^A-Za-z0-9]/g, '').toLowerCase() || 'user';
    const email = opts.email ?? `${plain}@example.com`;
    const pass = opts.pass ?? `${plain}-password-1`;
    await this.ok(`adding user ${name}`, 'POST', '/admin/api/users', { users: `${name}, ${email}, ${pass}` });
    const account = await this.login(email, pass);
    if (!opts.role || opts.role === 'user') return account;
    await this.ok(`role of ${name}`, 'PUT', '/admin/api/user/role', { user_id: account.id, role_id: ROLE_IDS[opts.role] });
    // a new role ends the user's sessions: log in again
    return this.login(email, pass);
  }

  /** Makes a tag (needs an admin's or a high-reputation user's API); returns its slug. */
  async tag(opts: { slug?: string; displayName?: string; description?: string } = {}): Promise<string> {
    const slug = opts.slug ?? uniqueName('tag-');
    await this.ok(`tag ${slug}`, 'POST', '/api/v1/tag', {
      slug_name: slug,
      display_name: opts.displayName ?? slug,
      original_text: opts.description ?? `Questions about ${slug}.`,
    });
    return slug;
  }

  /**
   * Asks a question. The title is made up (unique) unless given; tags are slugs of existing tags (an admin
   * may name new ones).
   */
  async question(opts: { title?: string; content?: string; tags?: string[] } = {}): Promise<MadeQuestion> {
    const title = opts.title ?? `How do I keep lantern ${uniqueName('')} lit all night?`;
    const d = await this.ok<{ id: string }>(`asking "${title}"`, 'POST', '/api/v1/question', {
      title,
      content: opts.content ?? `Details about this: ${title}`,
      tags: (opts.tags ?? []).map((slug_name) => ({ slug_name })),
    });
    return { id: String(d.id), title, path: `/questions/${d.id}` };
  }

  /** Answers a question; returns the answer's id. */
  async answer(questionId: string, content = 'An answer that is long enough to post.'): Promise<string> {
    const d = await this.ok<{ info: { id: string } }>('answering', 'POST', '/api/v1/answer', { question_id: questionId, content });
    return String(d.info.id);
  }

  /** Comments on a question or an answer; returns the comment's id. */
  async comment(objectId: string, text = 'A comment that is long enough.'): Promise<string> {
    const d = await this.ok<{ comment_id: string }>('commenting', 'POST', '/api/v1/comment', { object_id: objectId, original_text: text });
    return String(d.comment_id);
  }

  /** Votes a post or comment up or down (not one's own). */
  async vote(objectId: string, dir: 'up' | 'down' = 'up'): Promise<void> {
    await this.ok(`vote ${dir}`, 'POST', `/api/v1/vote/${dir}`, { object_id: objectId, is_cancel: false });
  }

  /** Accepts an answer (as the question's owner or staff). */
  async accept(questionId: string, answerId: string): Promise<void> {
    await this.ok('accepting', 'POST', '/api/v1/answer/acceptance', { question_id: questionId, answer_id: answerId });
  }
}
