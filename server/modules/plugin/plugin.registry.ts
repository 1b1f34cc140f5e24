import type { Request, Response } from 'express';
import type { AppContext } from '../../app-context.js';
import type { ConfigFieldOption, ConfigFieldType, ConfigFieldUIOptions } from '../../contract/api/plugin.js';
import { DEFAULT_MAX_NUMBER } from '../../infra/captcha/altcha.js';
import { appSlot } from '../../infra/app-state.js';

/** The kinds of plugin Answer knows; Lantern registers its plugins in code. */
export type PluginKind = 'connector' | 'search' | 'editor' | 'route' | 'captcha' | 'render' | 'reviewer' | 'embed';

/** The input types, choices and presentation hints of a plugin settings form (the API contract's). */
export type { ConfigFieldOption, ConfigFieldType, ConfigFieldUIOptions };

/** One field of a plugin's settings form: its type, text and the value it starts with. */
export interface ConfigFieldSpec {
  name: string;
  type: ConfigFieldType;
  title: string;
  description?: string;
  required?: boolean;
  /** The value before anything is saved (false, '' or [] when absent). */
  default?: unknown;
  options?: readonly ConfigFieldOption[];
  ui_options?: ConfigFieldUIOptions;
  /** Longest accepted text (input, textarea, timezone, upload); 10000 when absent. */
  maxLength?: number;
}

/** What every plugin declares. */
export interface PluginBase {
  slug_name: string;
  name: string;
  description: string;
  version: string;
  link?: string;
  kind: PluginKind;
  /** Whether the plugin is on before an admin switches it. */
  defaultEnabled: boolean;
  /** The admin settings form (GET/PUT admin plugin/config). */
  configFields?: readonly ConfigFieldSpec[];
  /** The per-user settings form (GET/PUT user/plugin/config). */
  userConfigFields?: readonly ConfigFieldSpec[];
}

/** The old name of the description type. */
export type PluginInfo = PluginBase;

/** What a plugin call gets: the app, the plugin's saved settings and the request's query. */
export interface PluginCall {
  ctx: AppContext;
  config: Record<string, unknown>;
  query: Record<string, string>;
}

/** A user as a third-party login platform describes them. */
export interface ExternalUserInfo {
  /** Required: the platform's unique id of the user. */
  external_id: string;
  display_name?: string;
  username?: string;
  /** When given, an account with this email is used (or made). */
  email?: string;
  avatar?: string;
  meta_info?: string;
  bio?: string;
}

/** A third-party login: sends the browser away and turns the callback into a user. */
export interface ConnectorPlugin extends PluginBase {
  kind: 'connector';
  logoSvg: string;
  /** The URL to send the browser to; the platform returns to `receiverUrl`. */
  sender(call: PluginCall, receiverUrl: string): string | Promise<string>;
  /** Reads the platform's callback; throws when it is not valid. */
  receiver(call: PluginCall, receiverUrl: string): Promise<ExternalUserInfo>;
}

/** A captcha provider; its public settings reach the UI through captcha/config. */
export interface CaptchaPlugin extends PluginBase {
  kind: 'captcha';
  publicConfig(config: Record<string, unknown>): Record<string, unknown>;
}

/** A renderer setting for posts (render/config). */
export interface RenderPlugin extends PluginBase {
  kind: 'render';
  renderConfig(config: Record<string, unknown>): { select_theme: string };
}

/** A search engine; its description is what search/desc shows. */
export interface SearchPlugin extends PluginBase {
  kind: 'search';
  searchDescription(config: Record<string, unknown>): { icon: string; link: string };
}

/** Embeds for posts: each switch field of its settings is a platform (embed/config). */
export interface EmbedPlugin extends PluginBase {
  kind: 'embed';
}

/** One endpoint of a route plugin, served under .../plugin/route/<slug><path> while the plugin is on. */
export interface PluginRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Starts with '/', e.g. '/hello'. */
  path: string;
  /** 'admin' routes live under /answer/admin/api, the others under /answer/api/v1. */
  access: 'public' | 'login' | 'active' | 'admin';
  /** The value returned is sent as the envelope's data. */
  handle(call: PluginCall & { req: Request; res: Response }): unknown;
}

/** A plugin that adds endpoints. */
export interface RoutePlugin extends PluginBase {
  kind: 'route';
  routes: readonly PluginRoute[];
}

/** Kinds Lantern lists but gives no behaviour of their own yet. */
export interface PassivePlugin extends PluginBase {
  kind: 'editor' | 'reviewer';
}

/** Any plugin. */
export type Plugin = ConnectorPlugin | CaptchaPlugin | RenderPlugin | SearchPlugin | EmbedPlugin | RoutePlugin | PassivePlugin;

/** The plugin of one kind. */
export type PluginOfKind<K extends PluginKind> = Extract<Plugin, { kind: K }>;

/**
 * The built-in captcha (server/infra/captcha). Off until an admin switches it on: the reference
 * ships no captcha. Lantern's UI gets altcha's proof of work; a stock Answer client, which draws
 * `captcha_img`, gets an image code. Login, registration and account mails are rate limited either
 * way (server/infra/captcha/rate-limit.ts).
 */
export const LANTERN_CAPTCHA: CaptchaPlugin = {
  slug_name: 'lantern_captcha',
  name: 'Captcha',
  description:
    "Asks for a captcha where the action thresholds say so: a proof of work (altcha) in Lantern's own UI, an image code for other Answer clients.",
  version: '1.0.0',
  kind: 'captcha',
  defaultEnabled: false,
  configFields: [
    {
      name: 'max_number',
      type: 'input',
      title: 'Proof-of-work difficulty',
      description: `The most attempts a browser may need to solve a challenge (${DEFAULT_MAX_NUMBER}, about a second or two, unless set; 10 to 1000000). Higher slows bots and people alike.`,
      default: String(DEFAULT_MAX_NUMBER),
      ui_options: { input_type: 'number' },
      maxLength: 7,
    },
  ],
  publicConfig: () => ({ type: 'image' }),
};

/** The plugins built into Lantern. */
export const BUILT_IN_PLUGINS: readonly Plugin[] = [LANTERN_CAPTCHA];

const SLUG = /^[a-z0-9][a-z0-9_-]{1,39}$/;
const FIELD_NAME = /^[a-z0-9_]{1,64}$/i;

function checkFields(slug: string, fields: readonly ConfigFieldSpec[] | undefined): void {
  const seen = new Set<string>();
  for (const f of fields ?? []) {
    if (!FIELD_NAME.test(f.name)) throw new Error(`plugin ${slug}: bad config field name "${f.name}"`);
    if (seen.has(f.name)) throw new Error(`plugin ${slug}: config field "${f.name}" twice`);
    seen.add(f.name);
  }
}

/** The plugins of one app instance: the built-ins plus whatever code registers. */
export class PluginRegistry {
  private readonly plugins: Plugin[] = [];

  constructor(builtIns: readonly Plugin[] = BUILT_IN_PLUGINS) {
    for (const p of builtIns) this.register(p);
  }

  /** Adds a plugin; slugs are unique, lower case, 2-40 characters. */
  register(plugin: Plugin): void {
    if (!SLUG.test(plugin.slug_name)) throw new Error(`bad plugin slug "${plugin.slug_name}"`);
    if (this.find(plugin.slug_name)) throw new Error(`plugin ${plugin.slug_name} is already registered`);
    checkFields(plugin.slug_name, plugin.configFields);
    checkFields(plugin.slug_name, plugin.userConfigFields);
    if (plugin.kind === 'route') {
      for (const r of plugin.routes)
        if (!/^\/[A-Za-z0-9/_.-]*$/.test(r.path)) throw new Error(`plugin ${plugin.slug_name}: bad route path "${r.path}"`);
    }
    this.plugins.push(plugin);
  }

  /** Every plugin in registration order. */
  all(): readonly Plugin[] {
    return this.plugins;
  }

  /** A plugin by slug. */
  find(slug: string): Plugin | undefined {
    return this.plugins.find((p) => p.slug_name === slug);
  }

  /** The plugins of one kind. */
  ofKind<K extends PluginKind>(kind: K): PluginOfKind<K>[] {
    return this.plugins.filter((p): p is PluginOfKind<K> => p.kind === kind);
  }
}

const REGISTRY = appSlot<PluginRegistry>('plugin.registry');

/** The registry of an app instance (made with the built-ins on first use). */
export function pluginRegistry(ctx: AppContext): PluginRegistry {
  return ctx.state.getOrMake(REGISTRY, () => new PluginRegistry());
}
