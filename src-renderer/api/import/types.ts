/** How one kind of row fared in an import. */
export interface ImportCounts {
  rows: number;
  imported: number;
  existing: number;
  skipped: number;
  reasons: Record<string, number>;
}

/** The summary of a Stack Exchange import (server ImportReport). */
export interface ImportReport {
  site: string;
  files: string[];
  users: ImportCounts;
  questions: ImportCounts;
  answers: ImportCounts;
  comments: ImportCounts;
  placeholderUsers: number;
  tagsCreated: number;
  tagWikis?: ImportCounts;
  acceptedAnswers: number;
  /** Badges.xml, PostLinks.xml, Votes.xml, PostHistory.xml (absent from reports of older servers). */
  badges?: ImportCounts;
  postLinks?: ImportCounts;
  duplicatesClosed?: number;
  votes?: ImportCounts & { votes: number; bookmarks: number; inScore: number };
  history?: ImportCounts;
  revisions?: number;
  errors: string[];
  refused?: string;
  seconds: number;
}

/** GET admin import/stackexchange. */
export interface ImportStatus {
  state: 'idle' | 'running' | 'done' | 'failed';
  site: string;
  files: string[];
  ignored: string[];
  step: string;
  rows: number;
  percent: number;
  started_at: number;
  finished_at: number;
  report: ImportReport | null;
  error: string;
}
