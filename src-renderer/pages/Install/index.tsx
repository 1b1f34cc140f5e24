import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../components/ui';
import { usePageTitle } from '../../hooks/usePageTitle';
import { basePath } from '../../utils/base-path';
import { DatabaseStep } from './DatabaseStep';
import { LanguageStep } from './LanguageStep';
import { SiteStep } from './SiteStep';
import { WizardSteps } from './WizardSteps';
import { useDatabaseStep, useInstallWizard, useSiteStep } from './useInstallWizard';

/** /install: language, database, site and admin, progress, done. */
export default function InstallPage() {
  const { t } = useTranslation();
  const wizard = useInstallWizard();
  const db = useDatabaseStep(wizard);
  const site = useSiteStep(wizard);
  const { step, setStep, errors, failure } = wizard;
  usePageTitle(t('page_title.install'));

  return (
    <section className="card install" aria-labelledby="install-title">
      <h1 id="install-title">{t('install.title', { app: t('common.app_name') })}</h1>
      <WizardSteps step={step} />
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      {step === 0 && (
        <LanguageStep
          languages={wizard.languages}
          lang={wizard.lang}
          onLang={wizard.setLang}
          codeRequired={wizard.codeRequired}
          setupCode={wizard.setupCode}
          onSetupCode={wizard.setSetupCode}
          error={errors.setup_code}
          onNext={() => void wizard.chooseLanguage()}
        />
      )}
      {step === 1 && (
        <DatabaseStep
          value={db.database}
          onChange={db.chooseDatabase}
          errors={errors}
          busy={db.checking}
          onSubmit={() => void db.confirmDatabase()}
          onPrevious={() => setStep(0)}
        />
      )}
      {step === 2 && (
        <SiteStep
          value={site.form}
          onChange={site.setForm}
          errors={errors}
          onSubmit={() => void site.install()}
          onPrevious={() => setStep(1)}
        />
      )}
      {step === 3 && <InstallingStep />}
      {step === 4 && <DoneStep />}
    </section>
  );
}

/** While base-info runs: an indeterminate bar. */
function InstallingStep() {
  const { t } = useTranslation();
  return (
    <div className="stack" role="status">
      <p>{t('install.installing')}</p>
      <ProgressBar mode="indeterminate" style={{ height: 6 }} />
    </div>
  );
}

/** The installer's end: a link to the new site. */
function DoneStep() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h2>{t('install.done_title')}</h2>
      <p>{t('install.done_body')}</p>
      <a className="p-button" href={`${basePath()}/`}>
        {t('install.go_to_site')}
      </a>
    </div>
  );
}
