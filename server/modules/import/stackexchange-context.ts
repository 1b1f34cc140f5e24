import type { ImportReport } from '../../contract/api/import.js';
import type { Db } from '../../db/database.js';
import type { Authors } from './stackexchange-authors.js';
import type { DumpBatches } from './stackexchange-batches.js';
import type { Site } from './stackexchange-common.js';
import type { IdMap } from './stackexchange-ids.js';

/** What every dump file's reader is given: the database, the site, the shared id map, the batches, the authors and the report it counts into. */
export interface SeImport {
  readonly db: Db;
  readonly site: Site;
  readonly batchSize: number;
  readonly report: ImportReport;
  readonly ids: IdMap;
  readonly batches: DumpBatches;
  readonly authors: Authors;
}
