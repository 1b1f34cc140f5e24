import type { ControlledTransaction } from 'kysely';
import type { ImportCounts } from '../../contract/api/import.js';
import type { Database } from '../../db/database.js';
import type { PendingRender } from './import-renders.js';

/** Options of an import. */
export interface ImportOptions {
  /** The site the dump comes from: a host such as coffee.stackexchange.com, or its URL. */
  site: string;
  /** Rows per transaction (default 500). */
  batchSize?: number;
  /** Progress lines. */
  log?: (line: string) => void;
  /** Progress as numbers, after each chunk of a file read (a few times a second at most). */
  progress?: (p: ImportProgress) => void;
  /** Stops the import between two batches (what is committed stays; a repeated import goes on from there). */
  signal?: AbortSignal;
  /**
   * Reads every file once before writing anything and refuses the whole dump (nothing imported,
   * the problems in `errors`) when one is not well-formed XML: truncated, a declared entity, ...
   */
  checkFirst?: boolean;
  /**
   * The site's uploads folder and base path: the files a Lantern export holds under uploads/ that
   * imported posts name are put back there (./dump-uploads.ts). Without it they are left out.
   */
  uploads?: { dir: string; basePath: string };
}

/** How far an import is. */
export interface ImportProgress {
  /** What is being done: check, users, questions, answers, comments, ... */
  step: string;
  /** The file being read ('' between files). */
  file: string;
  /** Rows read in this step. */
  rows: number;
  /** 0..1 of all the reading there is to do (by file size). */
  fraction: number;
}

/** The site a dump comes from. */
export interface Site {
  host: string;
  url: string;
}

/** A batch's transaction. */
export type Trx = ControlledTransaction<Database, string[]>;
/** One row's work inside its batch's transaction. */
export type RowHandler = (trx: Trx, raw: Record<string, string>) => Promise<void>;
/** What a batch will render before its transaction opens. */
export type RowTexts = (batch: Record<string, string>[]) => PendingRender[];

/** The longest title a question takes. */
export const MAX_TITLE = 150;

/** The message of AlreadyThere: a row's savepoint failed because what it would write is there. */
export const ALREADY_THERE = 'already there';
/** Thrown inside a row's savepoint when what the row would write is there already. */
export class AlreadyThere extends Error {
  constructor(message = ALREADY_THERE) {
    super(message);
  }
}

/** Thrown between batches when the import is stopped. */
export class ImportStopped extends Error {}

/** Counts with nothing counted. */
export const emptyCounts = (): ImportCounts => ({ rows: 0, imported: 0, existing: 0, skipped: 0, reasons: {} });

/** Counts a skipped row and its reason. */
export function skip(c: ImportCounts, reason: string): void {
  c.skipped += 1;
  c.reasons[reason] = (c.reasons[reason] ?? 0) + 1;
}

const LICENCE_4_FROM = Date.UTC(2018, 4, 2) / 1000;

/** The CC BY-SA licence a text written at `created` is under, as a markdown link. */
export function licence(created: number): string {
  return created < LICENCE_4_FROM
    ? '[CC BY-SA 3.0](https://creativecommons.org/licenses/by-sa/3.0/)'
    : '[CC BY-SA 4.0](https://creativecommons.org/licenses/by-sa/4.0/)';
}
