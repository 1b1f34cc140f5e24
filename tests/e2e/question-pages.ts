import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { networkQuiet, type E2EServer } from '../support/e2e-server';
import { askQuestion, type QuestionOverrides } from '../support/factories';
import { httpApp } from '../support/fixtures';

// Page objects and helpers of the question screens' end-to-end tests.

/** A real PNG of w x h pixels in one colour (filter-0 rows), so the browser can decode it. */
export function png(w: number, h: number, rgb: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = table[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(typed));
    return Buffer.concat([len, typed, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The API called directly, for set-up the tests are not about. */
export class Api {
  constructor(
    private readonly server: E2EServer,
    public token = '',
  ) {}

  /** One call under /answer; resolves the envelope. */
  async call(method: string, path: string, body?: unknown, token = this.token): Promise<{ code: number; data: any; msg: string }> {
    const r = await fetch(`${this.server.url}/answer${path}`, {
      method,
      headers: { 'content-type': 'application/json', Authorization: token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await r.json()) as { code: number; data: any; msg: string };
  }

  /** Asks a question with the server tests' factory (tests/support/factories.ts) as this token's user; returns its id. */
  ask(overrides: QuestionOverrides = {}, token = this.token): Promise<string> {
    return askQuestion(httpApp(this.server), token, overrides);
  }

  /** A login token. */
  async tokenOf(email: string, pass: string): Promise<string> {
    return (await this.call('POST', '/api/v1/user/login/email', { e_mail: email, pass }, '')).data.access_token as string;
  }
}

/**
 * Waits until the screen is still: no request in flight (see networkQuiet), fonts loaded, and no CSS
 * transition or animation running (a toast fading in has, for a moment, a colour contrast it does not
 * have once shown).
 */
export async function settled(page: Page): Promise<void> {
  await networkQuiet(page);
  await page.evaluate(async () => {
    await document.fonts.ready;
    // two frames: a style change made by the last response has started its transition by then
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5000 })
    .catch(() => undefined);
}

/**
 * No serious or critical accessibility violations on the current screen. Axe runs once per screen:
 * the whole rule set where a screen is first checked; `rules` narrows a repeat of the same screen in
 * another colour scheme to what the scheme changes (see expectContrast).
 */
export async function expectAccessible(page: Page, rules?: string[]): Promise<void> {
  // let the theme stylesheet and fonts finish loading, and transitions settle
  await settled(page);
  const bad = await seriousViolations(page, rules);
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.targets.join(', ')})`)).toEqual([]);
}

/** A screen already checked in full, seen in another colour scheme: only the colour rules' results change with the scheme. */
export function expectContrast(page: Page): Promise<void> {
  return expectAccessible(page, ['color-contrast', 'link-in-text-block']);
}

/** The ask and edit-question form. */
export class QuestionFormPage {
  readonly title: Locator;
  readonly body: Locator;
  readonly tags: Locator;
  readonly preview: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByLabel('Title', { exact: true });
    this.body = page.getByLabel('Body', { exact: true });
    this.tags = page.getByLabel('Tags', { exact: true });
    this.preview = page.getByRole('region', { name: 'Preview' });
  }

  /** Types into the tag picker and chooses a suggestion; the tag shows among the chosen ones. */
  async pickTag(typed: string, option: string): Promise<void> {
    await this.tags.pressSequentially(typed);
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(this.page.getByRole('list', { name: 'Chosen tags' }).getByText(option, { exact: true })).toBeVisible();
  }

  /** Opens the editor's image dialog, clicks its upload button and answers the browser's file chooser. */
  async uploadImage(name: string, buffer: Buffer): Promise<void> {
    await this.page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image', exact: true }).click();
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByRole('dialog', { name: 'Insert an image' }).getByRole('button', { name: 'Choose an image…' }).click();
    await (await chooser).setFiles({ name, mimeType: 'image/png', buffer });
    await expect(this.page.getByRole('dialog', { name: 'Insert an image' })).toHaveCount(0);
  }

  /** The decoded width of the first image in the preview (0 until it loads). */
  previewImageWidth(): Promise<number> {
    return this.preview
      .locator('img')
      .first()
      .evaluate((img: HTMLImageElement) => img.naturalWidth);
  }
}

/** The question page: the question's post, its answers and the answer form. */
export class QuestionPage {
  /** The question's own post (votes, body, actions, comments). */
  readonly question: Locator;
  readonly answerField: Locator;

  constructor(readonly page: Page) {
    this.question = page.locator('.question-page > .post-layout');
    this.answerField = page.getByLabel('Answer', { exact: true });
  }

  /** The answer written by a user (by display name). */
  answerBy(name: string): Locator {
    return this.page.getByRole('article', { name: `Answer by ${name}` });
  }

  /** The vote group inside a post. */
  votes(post: Locator): Locator {
    return post.getByRole('group', { name: 'Votes' }).first();
  }

  /** The score shown in a post's vote group. */
  score(post: Locator): Locator {
    return this.votes(post).getByTestId('vote-count');
  }

  /** The decoded width of the first image in the question's body (0 until it loads). */
  bodyImageWidth(): Promise<number> {
    return this.question
      .locator('.post-body img')
      .first()
      .evaluate((img: HTMLImageElement) => img.naturalWidth);
  }
}
