import type { PassivePlugin } from '../plugin/plugin.registry.js';

/** The slug of the built-in reviewer (also the `submitter` of the review rows it writes). */
export const REVIEWER_SLUG = 'lantern_reviewer';

/**
 * The built-in reviewer plugin: off until an admin switches it on (as the reference ships with no
 * reviewer). Its settings say whose new questions and answers wait in the queued-post review queue.
 */
export const LANTERN_REVIEWER: PassivePlugin = {
  slug_name: REVIEWER_SLUG,
  name: 'Post review queue',
  description: 'Holds the first posts of new users, and posts with many links, until a moderator approves them.',
  version: '1.0.0',
  kind: 'reviewer',
  defaultEnabled: false,
  configFields: [
    {
      name: 'reputation_below',
      type: 'input',
      title: 'Review users with less reputation than',
      description:
        'Questions and answers of users below this reputation are queued until enough of their posts were approved. 0 switches this rule off.',
      default: '100',
      ui_options: { input_type: 'number' },
      maxLength: 9,
    },
    {
      name: 'first_posts',
      type: 'input',
      title: 'Number of first posts to review',
      description: 'How many approved questions and answers such a user needs before posting without review. 0 switches this rule off.',
      default: '3',
      ui_options: { input_type: 'number' },
      maxLength: 9,
    },
    {
      name: 'max_links',
      type: 'input',
      title: 'Review posts with more links than',
      description: 'Posts of anyone but moderators and admins with more links than this are queued. Empty switches this rule off.',
      default: '5',
      ui_options: { input_type: 'number' },
      maxLength: 9,
    },
  ],
};

/** The reviewer's rules read from its saved settings; null = that rule is off. */
export interface ReviewerRules {
  reputationBelow: number | null;
  firstPosts: number | null;
  maxLinks: number | null;
}

function wholeNumber(v: unknown): number | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  if (typeof v === 'string' && v.trim() === '') return null;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.min(Math.floor(n), 1_000_000_000);
}

/** The rules of a saved configuration (junk values switch their rule off). */
export function reviewerRules(config: Record<string, unknown>): ReviewerRules {
  const below = wholeNumber(config.reputation_below);
  const first = wholeNumber(config.first_posts);
  return {
    reputationBelow: below && below > 0 ? below : null,
    firstPosts: first && first > 0 ? first : null,
    maxLinks: wholeNumber(config.max_links),
  };
}

/** External links (http, https, mailto) in rendered HTML. */
export function countLinks(html: string): number {
  return [...html.matchAll(/<a\s[^>]*?href\s*=\s*"(?:https?:|mailto:)[^"]*"/gi)].length;
}
