import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import { engineOf } from './dialect/handle.js';

// The few SQL functions SQLite and PostgreSQL spell differently. Repositories call these instead of
// naming an engine's function, so the same query runs on both. (SQLite's instr needs none: a
// migration gives PostgreSQL one with its meaning.)

/**
 * Whether a top-level field of a JSON text column equals `value` (a string field a string, a number
 * field a number). SQLite's json_extract keeps the JSON type; PostgreSQL's ->> gives text, so the value
 * is compared as text there.
 */
export function jsonFieldEquals(db: Kysely<any>, column: string, field: string, value: string | number): RawBuilder<boolean> {
  return engineOf(db) === 'postgres'
    ? sql<boolean>`(${sql.ref(column)}::jsonb ->> ${field}) = ${String(value)}`
    : sql<boolean>`json_extract(${sql.ref(column)}, ${`$.${field}`}) = ${value}`;
}

/** The larger of two numbers (SQLite's two-argument max, PostgreSQL's greatest). */
export function greater(db: Kysely<any>, a: Expression<number>, b: Expression<number>): RawBuilder<number> {
  return engineOf(db) === 'postgres' ? sql<number>`greatest(${a}, ${b})` : sql<number>`max(${a}, ${b})`;
}
