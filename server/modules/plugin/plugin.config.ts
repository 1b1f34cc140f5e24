import { badRequest, type FieldIssue } from '../../http/errors.js';
import type { ConfigFieldSpec } from './plugin.registry.js';

const DEFAULT_MAX = 10000;

/** Field types that only decorate the form and hold no value. */
function holdsValue(f: ConfigFieldSpec): boolean {
  return f.type !== 'legend' && f.type !== 'button';
}

function emptyValue(f: ConfigFieldSpec): unknown {
  if (f.type === 'switch') return false;
  if (f.type === 'checkbox') return f.options?.length ? [] : false;
  return '';
}

/** The values a form shows: saved ones over the declared defaults. */
export function configValues(specs: readonly ConfigFieldSpec[], stored: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of specs) {
    if (!holdsValue(f)) continue;
    out[f.name] = f.name in stored ? stored[f.name] : (f.default ?? emptyValue(f));
  }
  return out;
}

function checkOne(f: ConfigFieldSpec, raw: unknown): { value?: unknown; issue?: Omit<FieldIssue, 'field'> } {
  const label = { label: f.title };
  const allowed = new Set((f.options ?? []).map((o) => o.value));
  const missing = raw === undefined || raw === null;
  switch (f.type) {
    case 'switch':
    case 'checkbox': {
      if (f.type === 'checkbox' && f.options?.length) {
        const list = missing ? [] : raw;
        if (!Array.isArray(list) || list.some((v) => typeof v !== 'string')) return { issue: { key: 'validation.type', params: label } };
        if (list.some((v) => !allowed.has(v as string))) return { issue: { key: 'error.plugin.config_option_invalid', params: label } };
        if (f.required && list.length === 0) return { issue: { key: 'validation.required', params: label } };
        return { value: [...new Set(list as string[])] };
      }
      if (missing) return { value: f.default ?? false };
      if (typeof raw !== 'boolean') return { issue: { key: 'validation.type', params: label } };
      return { value: raw };
    }
    case 'select':
    case 'radio': {
      const v = missing ? '' : raw;
      if (typeof v !== 'string') return { issue: { key: 'validation.type', params: label } };
      if (v === '') return f.required ? { issue: { key: 'validation.required', params: label } } : { value: '' };
      if (!allowed.has(v)) return { issue: { key: 'error.plugin.config_option_invalid', params: label } };
      return { value: v };
    }
    default: {
      const v = missing ? '' : typeof raw === 'number' && f.ui_options?.input_type === 'number' ? String(raw) : raw;
      if (typeof v !== 'string') return { issue: { key: 'validation.type', params: label } };
      const max = f.maxLength ?? DEFAULT_MAX;
      if (v.length > max) return { issue: { key: 'validation.max_length', params: { ...label, max } } };
      if (f.required && v.trim() === '') return { issue: { key: 'validation.required', params: label } };
      if (v !== '' && f.ui_options?.input_type === 'number' && !Number.isFinite(Number(v)))
        return { issue: { key: 'validation.type', params: label } };
      return { value: v };
    }
  }
}

/**
 * Checks a submitted form against its fields: values of the declared types only, required ones
 * present, choices among the options. Unknown keys are dropped. Throws Answer's field errors.
 */
export function validateConfig(specs: readonly ConfigFieldSpec[], input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const issues: FieldIssue[] = [];
  for (const f of specs) {
    if (!holdsValue(f)) continue;
    const { value, issue } = checkOne(f, Object.prototype.hasOwnProperty.call(input, f.name) ? input[f.name] : undefined);
    if (issue) issues.push({ field: f.name, ...issue });
    else out[f.name] = value;
  }
  if (issues.length) throw badRequest('base.request_format_error', issues);
  return out;
}
