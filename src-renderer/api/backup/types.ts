/** The response shapes live in the API contract, which the server uses too. */
export type { BackupItem, BackupJob, BackupOverview, BackupSchedule } from '../../../server/contract/api/backup';
