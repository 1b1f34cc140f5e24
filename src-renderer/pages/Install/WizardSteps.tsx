import { useTranslation } from 'react-i18next';

/** The installer's numbered steps across the top: the current one marked, the ones before it done. */
export function WizardSteps({ step }: { step: number }) {
  const { t } = useTranslation();
  const steps = [
    t('install.step_language'),
    t('install.step_database'),
    t('install.step_site'),
    t('install.step_progress'),
    t('install.step_done'),
  ].map((label) => ({ label }));
  return (
    <ol className="wizard-steps" aria-label={t('page_title.install')}>
      {steps.map((s, i) => (
        <li key={s.label} className={i === step ? 'current' : i < step ? 'done' : ''} aria-current={i === step ? 'step' : undefined}>
          <span className="wizard-num">{i + 1}</span> <span className="wizard-label">{s.label}</span>
        </li>
      ))}
    </ol>
  );
}
