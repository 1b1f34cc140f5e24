import { sql, type Kysely } from 'kysely';

// question.up_votes / down_votes, answer.up_votes / down_votes: how many active up and down votes a
// post has, kept by the vote's own transaction. A vote used to count them from the post's vote
// activities every time: on the bench site's busiest question (7,500 votes) that was 1.1 ms of the
// writer's time per vote, growing with the post. Filled here from the activities (one pass over the
// vote rows). Frozen: the activity types are written out (question.vote_up 28, question.vote_down
// 27, answer.vote_up 30, answer.vote_down 12; active = cancelled 0).

const TALLIES = [
  { table: 'question', up: 28, down: 27 },
  { table: 'answer', up: 30, down: 12 },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, up, down } of TALLIES) {
    await db.schema
      .alterTable(table)
      .addColumn('up_votes', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('down_votes', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    const count = (type: number) =>
      sql`(SELECT count(*) FROM activity a WHERE a.object_id = ${sql.table(table)}.id AND a.activity_type = ${sql.lit(type)} AND a.cancelled = 0)`;
    await sql`UPDATE ${sql.table(table)} SET up_votes = ${count(up)}, down_votes = ${count(down)}
      WHERE id IN (SELECT object_id FROM activity WHERE activity_type IN (${sql.lit(up)}, ${sql.lit(down)}) AND cancelled = 0)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of TALLIES) {
    await db.schema.alterTable(table).dropColumn('down_votes').execute();
    await db.schema.alterTable(table).dropColumn('up_votes').execute();
  }
}
