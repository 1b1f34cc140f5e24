import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../../components/ui';
import type { ImportCounts, ImportReport, ImportStatus } from '../../../api/import/types';
import { Icon } from '../../../components/Icon';

const KINDS = ['users', 'questions', 'answers', 'comments', 'badges', 'postLinks', 'votes', 'history', 'uploads'] as const;
/** Kinds shown only when the dump had their file. */
const OPTIONAL_KINDS: readonly string[] = ['badges', 'postLinks', 'votes', 'history', 'uploads'];
const STEPS = [
  'check',
  'users',
  'questions',
  'answers',
  'tags',
  'comments',
  'links',
  'badges',
  'post links',
  'votes',
  'history',
  'uploads',
  'hot scores',
  'images',
] as const;

/** What the import did, kind by kind: rows read, imported, existing, skipped, then the extras and why rows were skipped. */
function Summary({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  const kinds = KINDS.flatMap((k) => {
    const counts = report[k];
    return counts && (!OPTIONAL_KINDS.includes(k) || counts.rows > 0) ? [{ k, counts }] : [];
  });
  const reasons = kinds.flatMap(({ k, counts }) =>
    Object.entries(counts.reasons).map(([why, n]) => `${t(`admin_import.kind_${k}`)}: ${why} (${n})`),
  );
  // the line of vote, link and history totals, when the dump had one of their files
  const more = kinds.some(({ k }) => k === 'postLinks' || k === 'votes' || k === 'history');
  const cell = (c: ImportCounts, key: keyof Omit<ImportCounts, 'reasons'>, label: string) => <td data-label={label}>{c[key]}</td>;
  return (
    <section aria-labelledby="import-summary">
      <h3 id="import-summary">{t('admin_import.summary_heading')}</h3>
      <table className="admin-table import-summary">
        <thead>
          <tr>
            <th scope="col">{t('admin_import.col_kind')}</th>
            <th scope="col">{t('admin_import.col_rows')}</th>
            <th scope="col">{t('admin_import.col_imported')}</th>
            <th scope="col">{t('admin_import.col_existing')}</th>
            <th scope="col">{t('admin_import.col_skipped')}</th>
          </tr>
        </thead>
        <tbody>
          {kinds.map(({ k, counts }) => (
            <tr key={k} data-kind={k}>
              <th scope="row">{t(`admin_import.kind_${k}`)}</th>
              {cell(counts, 'rows', t('admin_import.col_rows'))}
              {cell(counts, 'imported', t('admin_import.col_imported'))}
              {cell(counts, 'existing', t('admin_import.col_existing'))}
              {cell(counts, 'skipped', t('admin_import.col_skipped'))}
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {t('admin_import.extras', {
          placeholders: report.placeholderUsers,
          tags: report.tagsCreated,
          wikis: report.tagWikis?.imported ?? 0,
          accepted: report.acceptedAnswers,
        })}
      </p>
      {more && (
        <p>
          {t('admin_import.extras_votes', {
            votes: report.votes?.votes ?? 0,
            bookmarks: report.votes?.bookmarks ?? 0,
            inScore: report.votes?.inScore ?? 0,
            duplicates: report.duplicatesClosed ?? 0,
            revisions: report.revisions ?? 0,
          })}
        </p>
      )}
      {report.files.length > 0 && <p className="muted">{t('admin_import.files', { files: report.files.join(', ') })}</p>}
      {reasons.length > 0 && (
        <details>
          <summary>{t('admin_import.reasons')}</summary>
          <ul>
            {reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

/** The import's state: idle, running with its step and progress, done or failed, and the summary of the last run. */
export function StatusCard({ status }: { status: ImportStatus }) {
  const { t } = useTranslation();
  const step = (STEPS as readonly string[]).includes(status.step)
    ? t(`admin_import.step.${status.step as (typeof STEPS)[number]}`)
    : status.step;
  return (
    <section className="admin-card import-status" aria-labelledby="import-status" aria-live="polite">
      <h2 id="import-status">{t('admin_import.status_heading')}</h2>
      {status.state === 'idle' && <p className="admin-empty">{t('admin_import.idle')}</p>}
      {status.state === 'running' && (
        <>
          <p>{t('admin_import.running', { site: status.site, step })}</p>
          <ProgressBar
            value={status.percent}
            aria-label={t('admin_import.progress_label')}
            aria-valuenow={status.percent}
            aria-valuemin={0}
            aria-valuemax={100}
            role="progressbar"
          />
          <p className="muted small">{t('admin_import.rows_read', { count: status.rows })}</p>
        </>
      )}
      {status.state === 'done' && status.report && (
        <p className="import-outcome">
          <Icon name="check-circle" /> {t('admin_import.done', { site: status.site, seconds: status.report.seconds.toFixed(1) })}
        </p>
      )}
      {status.state === 'failed' && (
        <p className="import-outcome field-error">
          <Icon name="close-circle" /> {t('admin_import.failed', { site: status.site, error: status.error })}
        </p>
      )}
      {status.images && <p className="muted">{t('admin_import.images_summary', status.images)}</p>}
      {status.ignored.length > 0 && <p className="muted small">{t('admin_import.ignored', { names: status.ignored.join(', ') })}</p>}
      {status.report && status.report.errors.length > 0 && (
        <>
          <h3>{t('admin_import.errors_heading')}</h3>
          <ul className="import-errors">
            {status.report.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </>
      )}
      {status.report && !status.report.refused && <Summary report={status.report} />}
    </section>
  );
}
