import type { AdminPlugin } from '../../contract/api/admin.js';
import type { PluginConfigField, PluginConfigForm } from '../../contract/api/plugin.js';
import type { ConfigFieldSpec, Plugin } from './plugin.registry.js';

/** GetPluginListResp. */
export function presentPluginListItem(p: Plugin, enabled: boolean): AdminPlugin {
  return {
    name: p.name,
    slug_name: p.slug_name,
    description: p.description,
    version: p.version,
    enabled,
    have_config: (p.configFields?.length ?? 0) > 0,
    link: p.link ?? '',
  };
}

/** schema.ConfigField: one form field with its current value. */
export function presentConfigField(f: ConfigFieldSpec, value: unknown): PluginConfigField {
  return {
    name: f.name,
    type: f.type,
    title: f.title,
    description: f.description ?? '',
    required: f.required ?? false,
    value: value ?? null,
    ui_options: { ...(f.ui_options ?? {}) },
    ...(f.options ? { options: f.options.map((o) => ({ label: o.label, value: o.value })) } : {}),
  };
}

/** GetPluginConfigResp: a plugin's description and its form. */
export function presentPluginConfig(p: Plugin, specs: readonly ConfigFieldSpec[], values: Record<string, unknown>): PluginConfigForm {
  return {
    name: p.name,
    slug_name: p.slug_name,
    description: p.description,
    version: p.version,
    config_fields: specs.map((f) => presentConfigField(f, values[f.name])),
  };
}

/** The reference's answer for a plugin it does not know: every field empty. */
export function emptyPluginConfig(): PluginConfigForm {
  return { name: '', slug_name: '', description: '', version: '', config_fields: null };
}
