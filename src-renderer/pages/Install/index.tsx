import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, ProgressBar } from '../../components/ui';
import { ApiError } from '../../api/errors';
import { formFieldErrors } from '../../hooks/useFormError';
import {
  checkConfigFile,
  checkDatabase,
  checkSetupCode,
  fetchInstallLanguages,
  initDatabase,
  submitBaseInfo,
  type BaseInfo,
  type LangOption,
} from '../../api/install/install-calls';
import { Field } from '../../components/Field';
import { usePageTitle } from '../../hooks/usePageTitle';
import { applyLanguage } from '../../i18n';
import { basePath } from '../../utils/base-path';
import { DatabaseStep } from './DatabaseStep';
import { checkDatabaseChoice, checkSiteForm, databaseBody, type DatabaseChoice, type SiteForm } from './install-validation';

const EMPTY: SiteForm = {
  site_name: '',
  site_url: '',
  contact_email: '',
  name: '',
  password: '',
  email: '',
  login_required: false,
  external_content_display: 'ask_before_display',
};

const NO_DATABASE: DatabaseChoice = { db_type: 'sqlite3', db_host: '', db_name: '', db_username: '', db_password: '', ssl_enabled: false };

/** /install: language, database, site and admin, progress, done. */
export default function InstallPage() {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [languages, setLanguages] = useState<LangOption[]>([]);
  const [lang, setLang] = useState('en_US');
  const [database, setDatabase] = useState<DatabaseChoice>(NO_DATABASE);
  const [form, setForm] = useState<SiteForm>({ ...EMPTY, site_url: `${window.location.origin}${basePath()}` });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  // a PostgreSQL check can take seconds (a host that drops packets): one at a time
  const [checking, setChecking] = useState(false);
  // a browser on another machine than the server's gives the setup code printed on its console
  const [codeRequired, setCodeRequired] = useState(false);
  const [setupCode, setSetupCode] = useState('');
  usePageTitle(t('page_title.install'));

  useEffect(() => {
    fetchInstallLanguages().then(setLanguages, (e: unknown) => setFailure(e instanceof ApiError ? e.message : t('error.network')));
    checkConfigFile().then(
      (r) => {
        if (r.db_table_exist) setFailure(t('install.already'));
        setCodeRequired(r.setup_code_required === true);
      },
      () => undefined,
    );
  }, [t]);

  const steps = [
    t('install.step_language'),
    t('install.step_database'),
    t('install.step_site'),
    t('install.step_progress'),
    t('install.step_done'),
  ].map((label) => ({ label }));
  const set = (k: keyof SiteForm) => (v: string | boolean) => setForm((f) => ({ ...f, [k]: v }));

  const withCode = <T extends object>(body: T): T => (codeRequired ? { ...body, setup_code: setupCode.trim() } : body);
  /** Shows a refusal's field errors; one on the setup code (a new code was printed) goes back to the first step. */
  const showFieldErrors = (e: unknown, step: number): boolean => {
    const map = formFieldErrors(e);
    if (!Object.keys(map).length) return false;
    setErrors(map);
    setStep(map.setup_code ? 0 : step);
    return true;
  };
  const chooseLanguage = async () => {
    setFailure('');
    if (codeRequired) {
      try {
        await checkSetupCode(setupCode.trim());
      } catch (e) {
        if (!showFieldErrors(e, 0)) setFailure(e instanceof Error ? e.message : t('error.generic'));
        return;
      }
    }
    setErrors({});
    await applyLanguage(lang);
    setStep(1);
  };
  const chooseDatabase = (next: DatabaseChoice) => {
    // the alert was about the other engine's answer
    if (next.db_type !== database.db_type) setFailure('');
    setDatabase(next);
  };
  const confirmDatabase = async () => {
    setFailure('');
    const local = checkDatabaseChoice(t, database);
    setErrors(local);
    if (Object.keys(local).length) return;
    setChecking(true);
    try {
      const body = withCode(databaseBody(database));
      await checkDatabase(body);
      await initDatabase(body);
      setStep(2);
    } catch (e) {
      if (!showFieldErrors(e, 1)) setFailure(e instanceof Error ? e.message : t('error.generic'));
    } finally {
      setChecking(false);
    }
  };
  const install = async (e: FormEvent) => {
    e.preventDefault();
    const local = checkSiteForm(t, form);
    setErrors(local);
    if (Object.keys(local).length) return;
    setStep(3);
    try {
      const body: BaseInfo = { ...form, lang, site_name: form.site_name.trim(), site_url: form.site_url.trim(), name: form.name.trim() };
      await submitBaseInfo(withCode(body));
      setStep(4);
    } catch (err) {
      setStep(2);
      if (!showFieldErrors(err, 2)) setFailure(err instanceof Error ? err.message : t('error.generic'));
    }
  };

  return (
    <section className="card install" aria-labelledby="install-title">
      <h1 id="install-title">{t('install.title', { app: t('common.app_name') })}</h1>
      <ol className="wizard-steps" aria-label={t('page_title.install')}>
        {steps.map((s, i) => (
          <li key={s.label} className={i === step ? 'current' : i < step ? 'done' : ''} aria-current={i === step ? 'step' : undefined}>
            <span className="wizard-num">{i + 1}</span> <span className="wizard-label">{s.label}</span>
          </li>
        ))}
      </ol>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      {step === 0 && (
        <div className="stack">
          <label htmlFor="install-lang">{t('install.choose_language')}</label>
          <select id="install-lang" className="p-inputtext" value={lang} onChange={(e) => setLang(e.target.value)}>
            {languages.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </select>
          {codeRequired && (
            <Field
              id="setup_code"
              label={t('install.setup_code')}
              value={setupCode}
              onChange={setSetupCode}
              error={errors.setup_code}
              hint={t('install.setup_code_hint')}
              autoComplete="one-time-code"
              placeholder="0000-0000"
            />
          )}
          <Button label={t('common.next')} onClick={() => void chooseLanguage()} />
        </div>
      )}
      {step === 1 && (
        <DatabaseStep
          value={database}
          onChange={chooseDatabase}
          errors={errors}
          busy={checking}
          onSubmit={() => void confirmDatabase()}
          onPrevious={() => setStep(0)}
        />
      )}
      {step === 2 && (
        <form className="stack" onSubmit={install} noValidate>
          <h2>{t('install.site_section')}</h2>
          <Field
            id="site_name"
            label={t('install.site_name')}
            value={form.site_name}
            onChange={set('site_name')}
            error={errors.site_name}
            autoFocus
          />
          <Field id="site_url" label={t('install.site_url')} value={form.site_url} onChange={set('site_url')} error={errors.site_url} />
          <Field
            id="contact_email"
            label={t('install.contact_email')}
            type="email"
            value={form.contact_email}
            onChange={set('contact_email')}
            error={errors.contact_email}
          />
          <div className="field-check">
            <Checkbox inputId="login_required" checked={form.login_required} onChange={(e) => set('login_required')(!!e.checked)} />
            <label htmlFor="login_required">{t('install.login_required')}</label>
          </div>
          <label htmlFor="external_content_display">{t('install.external_content')}</label>
          <select
            id="external_content_display"
            className="p-inputtext"
            value={form.external_content_display}
            onChange={(e) => set('external_content_display')(e.target.value)}
          >
            <option value="always_display">{t('install.external_always')}</option>
            <option value="ask_before_display">{t('install.external_ask')}</option>
          </select>
          <h2>{t('install.admin_section')}</h2>
          <Field
            id="name"
            label={t('install.admin_name')}
            value={form.name}
            onChange={set('name')}
            error={errors.name}
            autoComplete="username"
          />
          <Field
            id="password"
            label={t('install.admin_password')}
            type="password"
            value={form.password}
            onChange={set('password')}
            error={errors.password}
            autoComplete="new-password"
          />
          <Field
            id="email"
            label={t('install.admin_email')}
            type="email"
            value={form.email}
            onChange={set('email')}
            error={errors.email}
            autoComplete="email"
          />
          <div className="row">
            <Button type="button" label={t('common.previous')} outlined onClick={() => setStep(1)} />
            <Button type="submit" label={t('install.install')} />
          </div>
        </form>
      )}
      {step === 3 && (
        <div className="stack" role="status">
          <p>{t('install.installing')}</p>
          <ProgressBar mode="indeterminate" style={{ height: 6 }} />
        </div>
      )}
      {step === 4 && (
        <div className="stack">
          <h2>{t('install.done_title')}</h2>
          <p>{t('install.done_body')}</p>
          <a className="p-button" href={`${basePath()}/`}>
            {t('install.go_to_site')}
          </a>
        </div>
      )}
    </section>
  );
}
