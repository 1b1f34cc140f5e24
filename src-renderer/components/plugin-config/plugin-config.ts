import type { PluginConfigField } from '../../../server/contract/api/plugin';
import type { Errors } from '../../utils/validation';

/** A plugin form's values by field name. */
export type PluginValues = Record<string, unknown>;

/** Whether a field holds a value (a legend or a button does not). */
export const holdsValue = (f: PluginConfigField): boolean => f.type !== 'legend' && f.type !== 'button';

/** The element id of a field (and the key of its error). */
export const pluginFieldId = (name: string): string => `plugin_${name}`;

/** A field's value when the plugin gives none: off for a switch or a lone checkbox, none ticked of a checkbox list, else ''. */
function emptyOf(f: PluginConfigField): unknown {
  if (f.type === 'switch') return false;
  if (f.type === 'checkbox') return f.options?.length ? [] : false;
  return '';
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** The form's first values: each field's own, else its empty value. */
export function pluginValues(fields: PluginConfigField[]): PluginValues {
  return Object.fromEntries(fields.filter(holdsValue).map((f) => [f.name, f.value ?? emptyOf(f)]));
}

/** The required fields left empty, keyed by element id, with `message(label)`. */
export function missingRequired(fields: PluginConfigField[], values: PluginValues, message: (label: string) => string): Errors {
  const errors: Errors = {};
  for (const f of fields) if (holdsValue(f) && f.required && isEmpty(values[f.name])) errors[pluginFieldId(f.name)] = message(f.title);
  return errors;
}

/** The server's field errors (by field name) keyed by element id. */
export const byFieldId = (errors: Errors): Errors => Object.fromEntries(Object.entries(errors).map(([k, v]) => [pluginFieldId(k), v]));
