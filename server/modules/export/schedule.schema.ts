import { isAbsolute } from 'node:path';
import { exportScheduleSchemaWith } from '../../contract/requests/export-schedule.js';

// The schema lives in the contract (shared with the renderer's types); the folder check is this platform's.
export { MAX_FOLDER_LENGTH, TIME_OF_DAY, type ExportScheduleInput } from '../../contract/requests/export-schedule.js';

/** PUT admin exports/schedule (see exportScheduleSchemaWith). */
export const exportScheduleSchema = exportScheduleSchemaWith(isAbsolute);
