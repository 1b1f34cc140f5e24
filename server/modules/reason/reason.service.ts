import type { AppContext } from '../../app-context.js';
import type { LanguageCode } from '../../contract/languages.js';
import { hasMessage, translate } from '../../contract/messages/index.js';
import * as repo from './reason.repository.js';
import type { ReasonsQuery } from './reason.schema.js';

function parse<T>(raw: string | undefined, fallback: T): T {
  try {
    return raw === undefined ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

const tr = (lang: LanguageCode, key: string) => (key && hasMessage(key) ? translate(lang, key) : '');

/**
 * GET reasons: the reasons listed by the config row `<object_type>.<action>.reasons`, each with
 * its config id as reason_type and its texts translated. An unknown pair gives an empty list.
 */
export async function listReasons(ctx: AppContext, q: ReasonsQuery, lang: LanguageCode) {
  const listKey = `${q.object_type}.${q.action}.reasons`;
  const [listRow] = await repo.configRows(ctx.db, [listKey]);
  const names = parse<unknown[]>(listRow?.value, []).filter((n): n is string => typeof n === 'string');
  const keys = names.map((n) => (n.startsWith('reason.') ? n : `reason.${n}`));
  const rows = new Map((await repo.configRows(ctx.db, keys)).map((r) => [r.key, r]));
  return keys.flatMap((key) => {
    const row = rows.get(key);
    if (!row) return [];
    const v = parse<Record<string, unknown>>(row.value, {});
    const nameKey = typeof v.name === 'string' ? v.name : `${key}.name`;
    const descKey = typeof v.description === 'string' ? v.description : `${key}.desc`;
    const placeholderKey = typeof v.placeholder === 'string' ? v.placeholder : `${key}.placeholder`;
    return [
      {
        reason_key: key,
        reason_type: row.id,
        name: tr(lang, nameKey) || nameKey,
        description: tr(lang, descKey) || descKey,
        content_type: typeof v.content_type === 'string' ? v.content_type : '',
        placeholder: tr(lang, placeholderKey),
      },
    ];
  });
}
