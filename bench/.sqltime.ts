import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
const dbfile = process.argv[2];
const raw = new Database(dbfile, { readonly: true });
const log: { sql: string; ms: number }[] = [];
const db = new Kysely<any>({ dialect: new SqliteDialect({ database: raw }), log: (e) => { if (e.level === 'query') log.push({ sql: e.query.sql.slice(0, 160), ms: e.queryDurationMillis }); } });
const { pageQuestions } = await import('/work/main/server/modules/question/question.repository.ts');
const { questionTags } = await import('/work/main/server/modules/tag/tag.usage.ts');
const { userBriefs } = await import('/work/main/server/modules/user/user-brief.presenter.ts');
const now = Math.floor(Date.now() / 1000);
for (let i = 0; i < 3; i++) {
  log.length = 0;
  const t0 = performance.now();
  const r = await pageQuestions(db as any, { order: (process.argv[3] ?? 'newest') as any, page: 1, page_size: 20, now } as any, async (_k, c) => (i === 0 ? c() : 100000));
  const t1 = performance.now();
  await questionTags(db as any, r.rows.map((x: any) => x.id), false);
  const t2 = performance.now();
  await userBriefs(db as any, { default_avatar: 'system', gravatar_base_url: '' } as any, r.rows.map((x: any) => x.user_id));
  const t3 = performance.now();
  console.log(`page ${(t1 - t0).toFixed(2)} tags ${(t2 - t1).toFixed(2)} users ${(t3 - t2).toFixed(2)}`);
  for (const l of log) console.log('  ', l.ms.toFixed(2), l.sql.replace(/\s+/g, ' '));
}
