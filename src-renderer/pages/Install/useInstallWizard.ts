import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { formFieldErrors } from '../../hooks/useFormError';
import {
  checkConfigFile,
  checkDatabase,
  checkSetupCode,
  fetchInstallLanguages,
  initDatabase,
  submitBaseInfo,
  type LangOption,
} from '../../api/install/install-calls';
import { applyLanguage } from '../../i18n';
import { basePath } from '../../utils/base-path';
import { checkDatabaseChoice, checkSiteForm, databaseBody, siteBody, type DatabaseChoice, type SiteForm } from './install-validation';

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

/** What the installer reads on opening: the languages offered, and whether this browser must give the setup code. */
function useInstallStart(setFailure: (message: string) => void) {
  const { t } = useTranslation();
  const [languages, setLanguages] = useState<LangOption[]>([]);
  // a browser on another machine than the server's gives the setup code printed on its console
  const [codeRequired, setCodeRequired] = useState(false);
  useEffect(() => {
    fetchInstallLanguages().then(setLanguages, (e: unknown) => setFailure(e instanceof ApiError ? e.message : t('error.network')));
    checkConfigFile().then(
      (r) => {
        if (r.db_table_exist) setFailure(t('install.already'));
        setCodeRequired(r.setup_code_required === true);
      },
      () => undefined,
    );
  }, [t, setFailure]);
  return { languages, codeRequired };
}

/** The installer's frame: the step shown, the refusals, the language and the setup code of the first step. */
export function useInstallWizard() {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [lang, setLang] = useState('en_US');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [setupCode, setSetupCode] = useState('');
  const { languages, codeRequired } = useInstallStart(setFailure);

  const withCode = <T extends object>(body: T): T => (codeRequired ? { ...body, setup_code: setupCode.trim() } : body);
  /** Shows a refusal: its field errors (one on the setup code, a new code was printed, goes back to the first step), else its message. */
  const refuse = (e: unknown, at: number) => {
    const map = formFieldErrors(e);
    if (!Object.keys(map).length) return setFailure(e instanceof Error ? e.message : t('error.generic'));
    setErrors(map);
    setStep(map.setup_code ? 0 : at);
  };
  const chooseLanguage = async () => {
    setFailure('');
    if (codeRequired) {
      try {
        await checkSetupCode(setupCode.trim());
      } catch (e) {
        return refuse(e, 0);
      }
    }
    setErrors({});
    await applyLanguage(lang);
    setStep(1);
  };
  return {
    step,
    setStep,
    errors,
    setErrors,
    failure,
    setFailure,
    refuse,
    withCode,
    languages,
    lang,
    setLang,
    codeRequired,
    setupCode,
    setSetupCode,
    chooseLanguage,
  };
}

/** What the steps after the first share of the frame. */
type Wizard = ReturnType<typeof useInstallWizard>;

/** The database step's answers, and its Next: check the database, create the tables, go on to the site step. */
export function useDatabaseStep({ setStep, setErrors, setFailure, refuse, withCode }: Wizard) {
  const { t } = useTranslation();
  const [database, setDatabase] = useState<DatabaseChoice>(NO_DATABASE);
  // a PostgreSQL check can take seconds (a host that drops packets): one at a time
  const [checking, setChecking] = useState(false);
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
      refuse(e, 1);
    } finally {
      setChecking(false);
    }
  };
  return { database, chooseDatabase, checking, confirmDatabase };
}

/** The site and admin step's answers, and its Install: the progress step while base-info runs, then done. */
export function useSiteStep({ setStep, setErrors, refuse, withCode, lang }: Wizard) {
  const { t } = useTranslation();
  const [form, setForm] = useState<SiteForm>({ ...EMPTY, site_url: `${window.location.origin}${basePath()}` });
  const install = async () => {
    const local = checkSiteForm(t, form);
    setErrors(local);
    if (Object.keys(local).length) return;
    setStep(3);
    try {
      await submitBaseInfo(withCode(siteBody(form, lang)));
      setStep(4);
    } catch (err) {
      setStep(2);
      refuse(err, 2);
    }
  };
  return { form, setForm, install };
}
