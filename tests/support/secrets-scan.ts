import { ROLE } from '../../server/contract/limits.js';
import type { LanternApp } from '../../server/app.js';
import { hashToken } from '../../server/infra/tokens.js';

/**
 * Scans every API response a test app gives for secrets the caller must never see:
 * a password hash (scrypt or bcrypt, anyone's), an access or visit token of a session issued before the
 * request other than the caller's own, another user's e-mail address (admins excepted: the user
 * list shows them), and the site's SMTP password. A hit throws, failing the test that made the
 * call. Wired into tests/support/test-app.ts, so every API test is scanned.
 */

const BCRYPT = /\$2[abxy]\$\d\d\$[./A-Za-z0-9]{20,}/;
const SCRYPT = /scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]{8,}/;
const TOKEN = /[0-9a-f]{64}/g;
// bounded runs (a local part has at most 64 characters): unbounded, a 64 KB word took 18 s to scan
const EMAIL = /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,63}/g;

interface Issued {
  userId: number;
  seq: number;
}

/** Counts for the closing figures. */
export const scanTotals = { responses: 0, findings: 0 };

export class SecretsScanner {
  private readonly tokens = new Map<string, Issued>();
  private seq = 0;

  constructor(private readonly lantern: LanternApp) {
    // every session the app issues, whichever way (login, register, test helpers), is remembered raw
    const sessions = lantern.ctx.sessions;
    const issue = sessions.issue.bind(sessions);
    sessions.issue = async (userId, db) => {
      const issued = await issue(userId, db);
      const entry = { userId, seq: ++this.seq };
      this.tokens.set(issued.accessToken, entry);
      this.tokens.set(issued.visitToken, entry);
      return issued;
    };
  }

  /** Marks the start of a request: tokens issued after this belong to its answer. */
  begin(): number {
    return this.seq;
  }

  /** The secrets in one response, as readable findings (empty when clean). */
  async findings(call: {
    method: string;
    path: string;
    requestText: string;
    token?: string;
    started: number;
    responseText: string;
  }): Promise<string[]> {
    scanTotals.responses += 1;
    const text = call.responseText;
    const found: string[] = [];
    const where = `${call.method} ${call.path.split('?')[0]}`;
    if (BCRYPT.test(text) || SCRYPT.test(text)) found.push(`${where} answered a password hash`);

    const raw = call.token?.replace(/^Bearer\s+/i, '');
    const caller = raw ? (this.tokens.get(raw) ?? (await this.apiKeyOwner(raw))) : undefined;
    for (const m of text.matchAll(TOKEN)) {
      const t = this.tokens.get(m[0]);
      if (!t || t.seq > call.started || m[0] === call.token) continue;
      if (caller && t.userId === caller.userId && call.requestText.includes(m[0])) continue;
      found.push(
        `${where} answered a token of user ${t.userId}'s session${caller ? ` to user ${caller.userId}` : ' to an anonymous caller'}`,
      );
    }

    // no @, no address: the pattern is not run over a long text that cannot hold one
    const emails = [...new Set([...(text.includes('@') ? text.matchAll(EMAIL) : [])].map((m) => m[0].toLowerCase()))].filter(
      (e) => !call.requestText.toLowerCase().includes(e),
    );
    if (emails.length > 0) {
      const db = this.lantern.ctx.db;
      const owners = await db
        .selectFrom('user')
        .select(['id', 'e_mail'])
        .where((eb) => eb(eb.fn<string>('lower', ['e_mail']), 'in', emails))
        .execute();
      // a session issued by this very request (login, registration, activation) makes its user the caller
      const becomes = new Set([...this.tokens.values()].filter((t) => t.seq > call.started).map((t) => t.userId));
      const others = owners.filter((o) => o.id !== caller?.userId && !becomes.has(o.id));
      if (others.length > 0 && !(caller && (await this.isAdmin(caller.userId)))) {
        for (const o of others)
          found.push(`${where} answered user ${o.id}'s e-mail address${caller ? ` to user ${caller.userId}` : ' to an anonymous caller'}`);
      }
    }

    const smtp = await this.smtpPassword();
    if (smtp && text.includes(smtp) && !call.requestText.includes(smtp)) found.push(`${where} answered the SMTP password`);
    scanTotals.findings += found.length;
    return found;
  }

  /** An API key (modules/api-key) acts as its owner: the caller is that user. */
  private async apiKeyOwner(raw: string): Promise<Issued | undefined> {
    if (!raw.startsWith('sk_')) return undefined;
    const row = await this.lantern.ctx.db.selectFrom('api_key').select('user_id').where('key_hash', '=', hashToken(raw)).executeTakeFirst();
    return row ? { userId: row.user_id, seq: 0 } : undefined;
  }

  private async isAdmin(userId: number): Promise<boolean> {
    const row = await this.lantern.ctx.db.selectFrom('user_role_rel').select('role_id').where('user_id', '=', userId).executeTakeFirst();
    return row?.role_id === ROLE.admin;
  }

  private async smtpPassword(): Promise<string> {
    const row = await this.lantern.ctx.db.selectFrom('config').select('value').where('key', '=', 'email.config').executeTakeFirst();
    if (!row?.value) return '';
    try {
      const pass = (JSON.parse(row.value) as { smtp_password?: unknown }).smtp_password;
      // a password of a character or two would match by chance
      return typeof pass === 'string' && pass.length >= 6 ? pass : '';
    } catch {
      return '';
    }
  }
}

/** Throws when a response holds a secret (the test app calls this after every request). */
export async function assertNoSecrets(scanner: SecretsScanner, call: Parameters<SecretsScanner['findings']>[0]): Promise<void> {
  const found = await scanner.findings(call);
  if (found.length > 0) throw new Error(`secrets scan: ${found.join('; ')}`);
}
