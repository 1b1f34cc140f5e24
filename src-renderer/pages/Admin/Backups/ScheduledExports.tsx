import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useExportSchedule } from '../../../api/export-schedule/export-schedule-query';
import { useRunExportsNow, useSaveExportSchedule } from '../../../api/export-schedule/export-schedule-mutations';
import type { ExportKinds, ExportSchedule } from '../../../api/export-schedule/types';
import { ApiError, fieldMap } from '../../../api/errors';
import { FieldFoot } from '../../../components/Field';
import { Button, Checkbox, InputText, Message } from '../../../components/ui';
import { fullTime } from '../../../utils/time';
import { LastExportRun } from './LastExportRun';

const KINDS: (keyof ExportKinds)[] = ['archive', 'backup', 'se'];

/** The settings form: on or off, the folder, the time of day and what to write. */
function ExportScheduleForm({ schedule }: { schedule: ExportSchedule }) {
  const { t } = useTranslation();
  const save = useSaveExportSchedule();
  const [value, setValue] = useState(schedule);
  const errors = fieldMap(save.error);
  const formError = save.error instanceof ApiError && Object.keys(errors).length === 0 ? save.error.message : null;
  const kindsError = errors.kinds ?? errors['kinds.archive'];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(value);
  };
  const setKind = (k: keyof ExportKinds, on: boolean) => setValue({ ...value, kinds: { ...value.kinds, [k]: on } });
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <div className="field field-checkbox">
        <Checkbox inputId="export-enabled" checked={value.enabled} onChange={(e) => setValue({ ...value, enabled: !!e.checked })} />
        <label htmlFor="export-enabled">{t('admin_export.enabled')}</label>
      </div>
      <div className="field">
        <label htmlFor="export-folder">{t('admin_export.folder')}</label>
        <InputText
          id="export-folder"
          value={value.folder}
          onChange={(e) => setValue({ ...value, folder: e.target.value })}
          invalid={!!errors.folder}
          aria-invalid={!!errors.folder}
          aria-describedby={errors.folder ? 'export-folder_error' : 'export-folder_hint'}
        />
        <FieldFoot id="export-folder" hint={t('admin_export.folder_hint')} error={errors.folder} />
      </div>
      <div className="field">
        <label htmlFor="export-time">{t('admin_export.time')}</label>
        <InputText
          id="export-time"
          type="time"
          value={value.time}
          onChange={(e) => setValue({ ...value, time: e.target.value })}
          invalid={!!errors.time}
          aria-invalid={!!errors.time}
        />
        <FieldFoot id="export-time" error={errors.time} />
      </div>
      <fieldset className="field export-kinds">
        <legend>{t('admin_export.kinds')}</legend>
        {KINDS.map((k) => (
          <div className="field-checkbox" key={k}>
            <Checkbox inputId={`export-kind-${k}`} checked={value.kinds[k]} onChange={(e) => setKind(k, !!e.checked)} />
            <label htmlFor={`export-kind-${k}`}>{t(`admin_export.kind_${k}`)}</label>
          </div>
        ))}
        <FieldFoot id="export-kinds" error={kindsError} />
      </fieldset>
      {formError && <Message severity="error" text={formError} />}
      {save.isSuccess && <Message severity="success" text={t('admin_export.saved')} />}
      <div>
        <Button type="submit" label={t('admin_export.save')} disabled={save.isPending} />
      </div>
    </form>
  );
}

/** Admin → Backups, scheduled exports: the settings, the next run, run now, and the last run's result. */
export function ScheduledExports() {
  const { t, i18n } = useTranslation();
  const overview = useExportSchedule();
  const run = useRunExportsNow();
  const o = overview.data;
  if (!o) return null;
  const busy = o.running || run.isPending;
  return (
    <section className="admin-card" id="scheduled-exports" aria-labelledby="export-heading">
      <h2 id="export-heading">{t('admin_export.heading')}</h2>
      <p className="muted">{t('admin_export.intro')}</p>
      <ExportScheduleForm schedule={o.schedule} />
      <p>
        {o.next_run_at !== null
          ? t('admin_export.next_run', { time: fullTime(o.next_run_at, i18n.language) })
          : t('admin_export.next_run_off')}
      </p>
      <div className="backup-actions">
        <Button
          type="button"
          icon="clock"
          label={busy ? t('admin_export.running') : t('admin_export.run_now')}
          disabled={busy || !o.schedule.folder}
          onClick={() => run.mutate(undefined)}
        />
      </div>
      {run.error instanceof ApiError && <Message severity="error" text={run.error.message} />}
      <h3>{t('admin_export.last_run_heading')}</h3>
      <div aria-live="polite">
        <LastExportRun run={o.last_run} />
      </div>
    </section>
  );
}
