/** One emoji of GET meta/reaction: how many, who (up to five names), whether the viewer is one. */
export interface ReactionSummaryItem {
  emoji: string;
  count: number;
  tooltip: string;
  is_active: boolean;
}

/** GET and PUT meta/reaction (null when the object has none). */
export type ReactionSummary = { reaction_summary: ReactionSummaryItem[] | null } | null;
