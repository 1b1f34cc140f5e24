import { useTranslation } from 'react-i18next';
import type { ExportRun, ExportStepResult } from '../../../api/export-schedule/types';
import { fullTime } from '../../../utils/time';
import './exports.css';

const COUNT_KEYS = ['pages_written', 'pages_unchanged', 'questions', 'answers', 'users', 'files', 'bytes'] as const;

/** One step's line: where it wrote and its figures, or its failure. */
function StepLine({ step }: { step: ExportStepResult }) {
  const { t } = useTranslation();
  const kind = t(`admin_export.kind_${step.kind}`);
  if (!step.ok) return <li className="export-step-failed">{t('admin_export.step_failed', { kind, error: step.error ?? '' })}</li>;
  const figures = COUNT_KEYS.filter((k) => typeof step.counts[k] === 'number').map((k) =>
    t(`admin_export.counts.${k}`, { count: step.counts[k] }),
  );
  return (
    <li>
      {t('admin_export.step_ok', { kind, path: step.path })}
      {figures.length > 0 && <span className="muted"> ({figures.join(', ')})</span>}
    </li>
  );
}

/** The last run of the scheduled exports: when, how long, by whom, whether it worked and what it wrote. */
export function LastExportRun({ run }: { run: ExportRun | null }) {
  const { t, i18n } = useTranslation();
  if (!run) return <p className="admin-empty">{t('admin_export.never_ran')}</p>;
  return (
    <div className="export-last-run" data-result={run.ok ? 'ok' : 'failed'}>
      <dl>
        <dt>{t('admin_export.last_run_heading')}</dt>
        <dd>
          <strong className={run.ok ? 'export-ok' : 'export-failed'}>
            {run.ok ? t('admin_export.result_ok') : t('admin_export.result_failed')}
          </strong>{' '}
          ({run.trigger === 'schedule' ? t('admin_export.trigger_schedule') : t('admin_export.trigger_manual')})
        </dd>
        <dt>{t('admin_export.started')}</dt>
        <dd>{fullTime(run.started_at, i18n.language)}</dd>
        <dt>{t('admin_export.duration')}</dt>
        <dd>{t('admin_export.seconds', { count: Math.round(run.duration_ms / 100) / 10 })}</dd>
        <dt>{t('admin_export.folder')}</dt>
        <dd className="export-folder">{run.folder}</dd>
      </dl>
      {run.error && <p role="alert">{run.error}</p>}
      {run.steps.length > 0 && (
        <ul className="export-steps">
          {run.steps.map((s) => (
            <StepLine key={s.kind} step={s} />
          ))}
        </ul>
      )}
    </div>
  );
}
