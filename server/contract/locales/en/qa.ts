/** English texts of the question page additions: dialogs (close, report, delete, invite), reactions, share, follow, bookmarks, editor toolbar. */
export const qa = {
  title: 'qa',
} as const;
