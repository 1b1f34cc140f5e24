import type { AppContext } from '../../app-context.js';
import type { UserPluginItem } from '../../contract/api/plugin.js';
import { notFound } from '../../http/errors.js';
import { configValues, validateConfig } from './plugin.config.js';
import { emptyPluginConfig, presentPluginConfig, presentPluginListItem } from './plugin.presenter.js';
import { pluginRegistry, type Plugin, type PluginKind, type PluginOfKind } from './plugin.registry.js';
import { readPluginConfig, readUserPluginConfig, writePluginConfig, writeUserPluginConfig } from './plugin.repository.js';
import { readPluginStatus, setPluginsEnabled } from './plugin.status.js';

/** Whether each registered plugin is on: the stored switch, else the plugin's default. */
export async function pluginStates(ctx: AppContext): Promise<Map<string, boolean>> {
  const stored = await readPluginStatus(ctx.db);
  return new Map(
    pluginRegistry(ctx)
      .all()
      .map((p) => [p.slug_name, typeof stored[p.slug_name] === 'boolean' ? stored[p.slug_name] : p.defaultEnabled]),
  );
}

/** The plugins of a kind that are on, each with its saved settings (defaults filled in). */
export async function enabledPlugins<K extends PluginKind>(
  ctx: AppContext,
  kind: K,
): Promise<{ plugin: PluginOfKind<K>; config: Record<string, unknown> }[]> {
  const states = await pluginStates(ctx);
  const on = pluginRegistry(ctx)
    .ofKind(kind)
    .filter((p) => states.get(p.slug_name));
  return Promise.all(
    on.map(async (plugin) => ({
      plugin,
      config: configValues(plugin.configFields ?? [], await readPluginConfig(ctx.db, plugin.slug_name)),
    })),
  );
}

/** A plugin by slug or 404. */
function pluginOr404(ctx: AppContext, slug: string): Plugin {
  const p = pluginRegistry(ctx).find(slug);
  if (!p) throw notFound('error.plugin.not_found');
  return p;
}

/** GET plugin/status (public): every plugin and whether it is on. */
export async function publicStatus(ctx: AppContext) {
  const states = await pluginStates(ctx);
  return pluginRegistry(ctx)
    .all()
    .map((p) => ({ slug_name: p.slug_name, enabled: states.get(p.slug_name) ?? false }));
}

/** GET admin plugins: the installed plugins, filtered by status (active|inactive) and by having settings. */
export async function listPlugins(ctx: AppContext, q: { status?: 'active' | 'inactive'; have_config?: boolean }) {
  const states = await pluginStates(ctx);
  return pluginRegistry(ctx)
    .all()
    .map((p) => presentPluginListItem(p, states.get(p.slug_name) ?? false))
    .filter((p) => (q.status === 'active' ? p.enabled : q.status === 'inactive' ? !p.enabled : true))
    .filter((p) => (q.have_config ? p.have_config : true));
}

/** PUT admin plugin/status. Only one captcha can be on: switching one on switches the others off. */
export async function setPluginStatus(ctx: AppContext, slug: string, enabled: boolean): Promise<void> {
  const p = pluginOr404(ctx, slug);
  const changes: Record<string, boolean> = { [slug]: enabled };
  if (enabled && p.kind === 'captcha') {
    for (const other of pluginRegistry(ctx).ofKind('captcha')) if (other.slug_name !== slug) changes[other.slug_name] = false;
  }
  await setPluginsEnabled(ctx.db, changes);
}

/** GET admin plugin/config: a plugin's form with the saved values (on or off); unknown slugs get the reference's empty answer. */
export async function adminPluginConfig(ctx: AppContext, slug: string) {
  const p = pluginRegistry(ctx).find(slug);
  if (!p) return emptyPluginConfig();
  const specs = p.configFields ?? [];
  return presentPluginConfig(p, specs, configValues(specs, await readPluginConfig(ctx.db, slug)));
}

/** PUT admin plugin/config: checks the form against the plugin's fields and saves it whole. */
export async function updateAdminPluginConfig(ctx: AppContext, slug: string, fields: Record<string, unknown>): Promise<void> {
  const p = pluginOr404(ctx, slug);
  const value = validateConfig(p.configFields ?? [], fields);
  await writePluginConfig(ctx.db, slug, value, ctx.clock.now());
}

async function userConfigurable(ctx: AppContext): Promise<Plugin[]> {
  const states = await pluginStates(ctx);
  return pluginRegistry(ctx)
    .all()
    .filter((p) => states.get(p.slug_name) && (p.userConfigFields?.length ?? 0) > 0);
}

/** GET user/plugin/configs: the plugins that are on and have personal settings. */
export async function userPluginList(ctx: AppContext): Promise<UserPluginItem[]> {
  return (await userConfigurable(ctx)).map((p) => ({ name: p.name, slug_name: p.slug_name }));
}

/** GET user/plugin/config: the caller's form; an unknown or switched-off plugin gets the reference's empty answer. */
export async function userPluginConfig(ctx: AppContext, userId: number, slug: string) {
  const p = (await userConfigurable(ctx)).find((x) => x.slug_name === slug);
  if (!p) return emptyPluginConfig();
  const specs = p.userConfigFields ?? [];
  return presentPluginConfig(p, specs, configValues(specs, await readUserPluginConfig(ctx.db, slug, userId)));
}

/** PUT user/plugin/config: saves the caller's form (404 for a plugin that is unknown, off or without one). */
export async function updateUserPluginConfig(
  ctx: AppContext,
  userId: number,
  slug: string,
  fields: Record<string, unknown>,
): Promise<void> {
  const p = (await userConfigurable(ctx)).find((x) => x.slug_name === slug);
  if (!p) throw notFound('error.plugin.not_found');
  const value = validateConfig(p.userConfigFields ?? [], fields);
  await writeUserPluginConfig(ctx.db, slug, userId, value, ctx.clock.now());
}

/** GET captcha/config: the captcha that is on and its public settings; none gives {slug_name: '', config: null}. */
export async function captchaConfig(ctx: AppContext) {
  const on = await enabledPlugins(ctx, 'captcha');
  const last = on.at(-1);
  return last ? { slug_name: last.plugin.slug_name, config: last.plugin.publicConfig(last.config) } : { slug_name: '', config: null };
}

/** GET embed/config: the platforms of the embed plugin that is on ([] without one). */
export async function embedConfig(ctx: AppContext) {
  const on = (await enabledPlugins(ctx, 'embed')).at(-1);
  if (!on) return [];
  return (on.plugin.configFields ?? [])
    .filter((f) => f.type === 'switch')
    .map((f) => ({ platform: f.name, enable: on.config[f.name] === true }));
}

/** GET render/config: the render plugin's settings, null without one (as the reference). */
export async function renderConfig(ctx: AppContext) {
  const on = (await enabledPlugins(ctx, 'render')).at(-1);
  return on ? on.plugin.renderConfig(on.config) : null;
}
