import { REACTION_EMOJIS } from './meta.schema.js';

/** The stored reactions of an object (meta object.react.summary). */
export interface ReactionSummaryMeta {
  reactions: { emoji: string; user_ids: string[] }[];
}

const TOOLTIP_NAMES = 5;

/** Reads a stored summary; anything malformed or not an allowed emoji is dropped. */
export function parseReactionSummary(value: string | undefined): ReactionSummaryMeta {
  let raw: unknown;
  try {
    raw = value ? JSON.parse(value) : undefined;
  } catch {
    raw = undefined;
  }
  const list =
    raw && typeof raw === 'object' && Array.isArray((raw as { reactions?: unknown }).reactions)
      ? (raw as { reactions: unknown[] }).reactions
      : [];
  const reactions: ReactionSummaryMeta['reactions'] = [];
  for (const r of list) {
    if (!r || typeof r !== 'object') continue;
    const { emoji, user_ids: ids } = r as { emoji?: unknown; user_ids?: unknown };
    if (typeof emoji !== 'string' || !(REACTION_EMOJIS as readonly string[]).includes(emoji) || reactions.some((x) => x.emoji === emoji))
      continue;
    const userIds = Array.isArray(ids) ? [...new Set(ids.filter((id): id is string => typeof id === 'string'))] : [];
    if (userIds.length > 0) reactions.push({ emoji, user_ids: userIds });
  }
  return { reactions };
}

/** Adds or removes one user's emoji; emojis nobody uses any more are removed. */
export function applyReaction(summary: ReactionSummaryMeta, emoji: string, userId: string, activate: boolean): ReactionSummaryMeta {
  const reactions = summary.reactions.map((r) => ({ emoji: r.emoji, user_ids: [...r.user_ids] }));
  const entry = reactions.find((r) => r.emoji === emoji);
  if (activate) {
    if (!entry) reactions.push({ emoji, user_ids: [userId] });
    else if (!entry.user_ids.includes(userId)) entry.user_ids.push(userId);
  } else if (entry) {
    entry.user_ids = entry.user_ids.filter((id) => id !== userId);
  }
  return { reactions: reactions.filter((r) => r.user_ids.length > 0) };
}

/**
 * GetReactionByObjectIdResp: per emoji the number of (existing) users, whether the viewer is one of
 * them, and a tooltip of up to five usernames ("a, b, c, d, e and N more..." beyond five).
 */
export function presentReactions(
  summary: ReactionSummaryMeta,
  usernames: Map<number, string>,
  viewerId: number | undefined,
  more: (names: string, count: number) => string,
) {
  const reaction_summary = [];
  for (const r of summary.reactions) {
    const names = r.user_ids.map((id) => usernames.get(Number(id))).filter((n): n is string => n !== undefined);
    if (names.length === 0) continue;
    const shown = names.slice(0, TOOLTIP_NAMES).join(', ');
    reaction_summary.push({
      emoji: r.emoji,
      count: names.length,
      tooltip: names.length > TOOLTIP_NAMES ? more(shown, names.length - TOOLTIP_NAMES) : shown,
      is_active: viewerId !== undefined && r.user_ids.includes(String(viewerId)) && usernames.has(viewerId),
    });
  }
  return { reaction_summary };
}
