import type { ImportJobStatus, ImportReport as ContractImportReport } from '../../../server/contract/api/import';

/** The response shapes live in the API contract, which the server uses too. */
export type { ImportCounts } from '../../../server/contract/api/import';

/** Parts of a report that reports of older servers lack (Posts.xml types, Badges.xml, PostLinks.xml, Votes.xml, PostHistory.xml). */
type NewerReportFields = 'posts' | 'tagWikis' | 'badges' | 'postLinks' | 'duplicatesClosed' | 'votes' | 'history' | 'revisions' | 'uploads';

/** The summary of a Stack Exchange import (the contract's ImportReport; its newer parts may be absent). */
export type ImportReport = Omit<ContractImportReport, NewerReportFields> & Partial<Pick<ContractImportReport, NewerReportFields>>;

/** GET admin import/stackexchange. */
export type ImportStatus = Omit<ImportJobStatus, 'report'> & { report: ImportReport | null };
