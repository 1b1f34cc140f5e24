import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveSchedule } from '../../../api/backup/backup-query';
import { Button, Checkbox, InputNumber, Message } from '../../../components/ui';
import type { BackupSchedule } from '../../../api/backup/types';
import { fieldMap } from '../../../api/errors';

/** The daily backup: on or off, at which hour, how many to keep. */
export function ScheduleForm({ schedule }: { schedule: BackupSchedule }) {
  const { t } = useTranslation();
  const save = useSaveSchedule();
  const [value, setValue] = useState(schedule);
  const errors = fieldMap(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(value);
  };
  return (
    <section className="admin-card" aria-labelledby="backup-schedule">
      <h2 id="backup-schedule">{t('admin_backup.schedule_heading')}</h2>
      <form className="admin-form" onSubmit={submit} noValidate>
        <div className="field field-checkbox">
          <Checkbox inputId="schedule-enabled" checked={value.enabled} onChange={(e) => setValue({ ...value, enabled: !!e.checked })} />
          <label htmlFor="schedule-enabled">{t('admin_backup.schedule_enabled')}</label>
        </div>
        <div className="field">
          <label htmlFor="schedule-hour">{t('admin_backup.schedule_hour')}</label>
          <InputNumber
            inputId="schedule-hour"
            value={value.hour}
            min={0}
            max={23}
            useGrouping={false}
            showButtons
            onValueChange={(e) => setValue({ ...value, hour: e.value ?? 0 })}
            invalid={!!errors.hour}
            aria-invalid={!!errors.hour}
          />
          {errors.hour && (
            <small className="field-error" role="alert">
              {errors.hour}
            </small>
          )}
        </div>
        <div className="field">
          <label htmlFor="schedule-keep">{t('admin_backup.schedule_keep')}</label>
          <InputNumber
            inputId="schedule-keep"
            value={value.keep}
            min={1}
            max={365}
            useGrouping={false}
            showButtons
            onValueChange={(e) => setValue({ ...value, keep: e.value ?? 1 })}
            invalid={!!errors.keep}
            aria-invalid={!!errors.keep}
            aria-describedby="schedule-keep_hint"
          />
          <small id="schedule-keep_hint" className="field-hint">
            {t('admin_backup.schedule_keep_hint')}
          </small>
          {errors.keep && (
            <small className="field-error" role="alert">
              {errors.keep}
            </small>
          )}
        </div>
        {save.isSuccess && <Message severity="success" text={t('admin_backup.schedule_saved')} />}
        <div>
          <Button type="submit" label={t('admin_backup.schedule_save')} disabled={save.isPending} />
        </div>
      </form>
    </section>
  );
}
