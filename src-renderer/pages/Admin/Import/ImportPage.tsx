import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, InputText, Message, ProgressBar } from '../../../components/ui';
import { ApiError } from '../../../api/errors';
import { formFieldErrors } from '../../../hooks/useFormError';
import { useImportStatus, useStartImport } from '../../../api/import/import-query';
import type { ImportCounts, ImportReport, ImportStatus } from '../../../api/import/types';
import { usePageTitle } from '../../../hooks/usePageTitle';
import './import.css';
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

function StatusCard({ status }: { status: ImportStatus }) {
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

/**
 * /admin/import: upload a Stack Exchange dump (its XML files or a .zip of them) and import it while
 * the site serves; the upload's and the import's progress, then the summary.
 */
export default function ImportPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin_import.title'));
  const status = useImportStatus();
  const start = useStartImport();
  const [files, setFiles] = useState<File[]>([]);
  const [site, setSite] = useState('');
  const [fetchImages, setFetchImages] = useState(false);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const errors = formFieldErrors(start.error);
  const general = start.error instanceof ApiError && !errors.files && !errors.site ? start.error.message : '';
  const running = status.data?.state === 'running';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setUploaded(0);
    start.mutate({ files, site: site.trim(), fetchImages, onUpload: setUploaded }, { onSettled: () => setUploaded(null) });
  };

  return (
    <div className="admin-import">
      <h1>{t('admin_import.title')}</h1>
      <p className="muted import-intro">{t('admin_import.intro')}</p>
      <form className="admin-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="import-files">{t('admin_import.files_label')}</label>
          <input
            id="import-files"
            name="files"
            type="file"
            multiple
            accept=".xml,.zip,.7z,application/xml,text/xml,application/zip"
            aria-invalid={!!errors.files}
            aria-describedby={errors.files ? 'import-files_hint import-files_error' : 'import-files_hint'}
            onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
          />
          <small id="import-files_hint" className="field-hint">
            {files.length > 0
              ? t('admin_import.files_chosen', { count: files.length, names: files.map((f) => f.name).join(', ') })
              : t('admin_import.files_hint')}
          </small>
          {errors.files && (
            <small id="import-files_error" className="field-error" role="alert">
              {errors.files}
            </small>
          )}
        </div>
        <div className="field">
          <label htmlFor="import-site">{t('admin_import.site_label')}</label>
          <InputText
            id="import-site"
            name="site"
            value={site}
            placeholder="coffee.stackexchange.com"
            autoComplete="off"
            onChange={(e) => setSite(e.target.value)}
            invalid={!!errors.site}
            aria-invalid={!!errors.site}
            aria-describedby={errors.site ? 'import-site_hint import-site_error' : 'import-site_hint'}
          />
          <small id="import-site_hint" className="field-hint">
            {t('admin_import.site_hint')}
          </small>
          {errors.site && (
            <small id="import-site_error" className="field-error" role="alert">
              {errors.site}
            </small>
          )}
        </div>
        <div className="field field-checkbox">
          <Checkbox
            inputId="import-fetch-images"
            checked={fetchImages}
            onChange={(e) => setFetchImages(!!e.checked)}
            aria-describedby="import-fetch-images_hint"
          />
          <label htmlFor="import-fetch-images">{t('admin_import.fetch_images_label')}</label>
          <small id="import-fetch-images_hint" className="field-hint">
            {t('admin_import.fetch_images_hint')}
          </small>
        </div>
        {general && <Message severity="error" text={general} />}
        {uploaded !== null && <ProgressBar value={Math.round(uploaded * 100)} aria-label={t('admin_import.starting')} />}
        <div>
          <Button
            type="submit"
            label={start.isPending ? t('admin_import.starting') : t('admin_import.start')}
            icon="upload"
            disabled={start.isPending || running || files.length === 0}
          />
        </div>
      </form>
      {status.data && <StatusCard status={status.data} />}
    </div>
  );
}
