/** The Stack Exchange import as the admin page sees it (GET admin import/stackexchange). */

/** How one kind of row fared. */
export interface ImportCounts {
  /** Rows of this kind in the file. */
  rows: number;
  imported: number;
  /** Imported by an earlier run (the import can be repeated). */
  existing: number;
  skipped: number;
  /** Why rows were skipped, with how many each. */
  reasons: Record<string, number>;
}

/** What an import did. */
export interface ImportReport {
  site: string;
  files: string[];
  users: ImportCounts;
  questions: ImportCounts;
  answers: ImportCounts;
  comments: ImportCounts;
  /** Posts.xml rows of other types (tag wikis, ...), not imported, and rows without a valid type. */
  posts: { rows: number; otherTypes: number; invalidType: number };
  /** Authors made from a post's user id or name because Users.xml had no row for them. */
  placeholderUsers: number;
  tagsCreated: number;
  /**
   * Tag wikis (Posts.xml types 4 and 5: excerpt and body) that became tag descriptions; their tag
   * is named by Tags.xml, or without it found in the wiki's text or by when it was written.
   */
  tagWikis: ImportCounts;
  acceptedAnswers: number;
  /** Badges.xml: awards of badges this site has (by name) to imported users; skipped names are in the reasons. */
  badges: ImportCounts;
  /** PostLinks.xml: links (and duplicates) between imported posts. */
  postLinks: ImportCounts;
  /** Duplicate links that gave a question closed in the dump its duplicate close reason. */
  duplicatesClosed: number;
  /**
   * Votes.xml: `imported` is `votes` (up/down votes of imported voters) plus `bookmarks` (favorites);
   * `inScore` counts up/down votes without a known voter, already in the posts' scores.
   */
  votes: ImportCounts & { votes: number; bookmarks: number; inScore: number };
  /** PostHistory.xml rows (revision rows become revisions; other types are skipped). */
  history: ImportCounts;
  /** Revisions made from PostHistory.xml. */
  revisions: number;
  /** Files under a Lantern export's uploads/ that imported posts name, put back at the same paths (rows: files named). */
  uploads: ImportCounts;
  /** Problems that stopped reading a file. */
  errors: string[];
  /** Set when the dump was refused whole (checkFirst) or the import was stopped: why. */
  refused?: string;
  seconds: number;
}

/** The admin import as the page polls it. */
export interface ImportJobStatus {
  state: 'idle' | 'running' | 'done' | 'failed';
  site: string;
  /** The dump files being imported. */
  files: string[];
  /** Archive entries left out (not dump files). */
  ignored: string[];
  /** What the import is doing: check, users, questions, answers, comments, links, hot scores. */
  step: string;
  /** Rows read in this step. */
  rows: number;
  /** 0..100. */
  percent: number;
  started_at: number;
  finished_at: number;
  /** The summary, once done. */
  report: ImportReport | null;
  /** Why it failed or was refused ('' otherwise). */
  error: string;
  /** With "fetch images": the remote images of the imported posts, and how many became local uploads. */
  images: { images: number; stored: number; failed: number; posts: number } | null;
}
