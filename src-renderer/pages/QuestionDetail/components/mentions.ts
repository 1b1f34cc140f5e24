/** The @name being typed just before the caret, if any. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const m = /(^|\s)@([a-zA-Z0-9._-]{0,30})$/.exec(text.slice(0, caret));
  return m ? { start: caret - m[2].length - 1, query: m[2] } : null;
}

/** The usernames a comment @mentions. */
export function mentionedUsernames(text: string): string[] {
  return [...new Set([...text.matchAll(/(?:^|\s)@([a-zA-Z0-9._-]{2,30})/g)].map((m) => m[1].replace(/[.]+$/, '')))];
}
