/** The response shapes live in the API contract, which the server uses too. */
export type {
  ExportKinds,
  ExportRun,
  ExportSchedule,
  ExportScheduleOverview,
  ExportStepResult,
} from '../../../server/contract/api/export-schedule';
