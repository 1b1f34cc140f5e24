import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox } from '../../components/ui';
import { Field } from '../../components/Field';
import type { DatabaseChoice } from './install-validation';

/**
 * The installer's database step: SQLite (the default) or PostgreSQL with its host, database, user,
 * password and SSL, as the reference installer asks. The page keeps the answers, so going back from
 * the next step finds them as left.
 */
export function DatabaseStep(props: {
  value: DatabaseChoice;
  onChange(next: DatabaseChoice): void;
  errors: Record<string, string>;
  /** While db/check and init run: Next waits for them. */
  busy: boolean;
  onSubmit(): void;
  onPrevious(): void;
}) {
  const { value, onChange, errors, busy, onSubmit, onPrevious } = props;
  const { t } = useTranslation();
  const set =
    <K extends keyof DatabaseChoice>(k: K) =>
    (v: DatabaseChoice[K]) =>
      onChange({ ...value, [k]: v });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  const postgres = value.db_type === 'postgres';
  /** What every text field here shares: its key names the input, its label and its error. */
  const field = (k: 'db_host' | 'db_name' | 'db_username' | 'db_password') => ({
    id: k,
    label: t(`install.${k}`),
    value: value[k],
    onChange: set(k),
    error: errors[k],
  });

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <h2>{t('install.database_title')}</h2>
      <p>{t('install.database_body')}</p>
      <div className="field">
        <label htmlFor="db_type">{t('install.database_type')}</label>
        <select
          id="db_type"
          className="p-inputtext"
          value={value.db_type}
          onChange={(e) => set('db_type')(e.target.value as DatabaseChoice['db_type'])}
          aria-describedby="db_type_hint"
        >
          <option value="sqlite3">{t('install.database_sqlite')}</option>
          <option value="postgres">{t('install.database_postgres')}</option>
        </select>
        <small id="db_type_hint" className="field-hint">
          {postgres ? t('install.database_postgres_hint') : t('install.database_sqlite_hint')}
        </small>
      </div>
      {postgres && (
        <>
          <Field {...field('db_host')} placeholder="127.0.0.1:5432" autoComplete="off" />
          <Field {...field('db_name')} />
          <Field {...field('db_username')} autoComplete="off" />
          {/* "new-password" keeps the browser from filling in a saved site login here */}
          <Field {...field('db_password')} type="password" autoComplete="new-password" />
          <div className="field-check">
            <Checkbox inputId="ssl_enabled" checked={value.ssl_enabled} onChange={(e) => set('ssl_enabled')(!!e.checked)} />
            <label htmlFor="ssl_enabled">{t('install.ssl_enabled')}</label>
          </div>
        </>
      )}
      <div className="row">
        <Button type="button" label={t('common.previous')} outlined onClick={onPrevious} />
        <Button type="submit" label={t('common.next')} loading={busy} />
      </div>
    </form>
  );
}
