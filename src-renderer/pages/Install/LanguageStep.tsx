import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui';
import { Field } from '../../components/Field';
import type { LangOption } from '../../api/install/install-calls';

/** The installer's first step: the site's language, and the setup code when the browser is not on the server's machine. */
export function LanguageStep(props: {
  languages: LangOption[];
  lang: string;
  onLang(lang: string): void;
  codeRequired: boolean;
  setupCode: string;
  onSetupCode(code: string): void;
  error?: string;
  onNext(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <label htmlFor="install-lang">{t('install.choose_language')}</label>
      <select id="install-lang" className="p-inputtext" value={props.lang} onChange={(e) => props.onLang(e.target.value)}>
        {props.languages.map((l) => (
          <option key={l.value} value={l.value}>
            {l.label}
          </option>
        ))}
      </select>
      {props.codeRequired && (
        <Field
          id="setup_code"
          label={t('install.setup_code')}
          value={props.setupCode}
          onChange={props.onSetupCode}
          error={props.error}
          hint={t('install.setup_code_hint')}
          autoComplete="one-time-code"
          placeholder="0000-0000"
        />
      )}
      <Button label={t('common.next')} onClick={props.onNext} />
    </div>
  );
}
