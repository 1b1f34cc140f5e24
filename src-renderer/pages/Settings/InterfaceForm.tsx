import i18next from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui';
import { useLanguageOptions } from '../../api/language/language-query';
import { updateInterface } from '../../api/user/settings-calls';
import type { InterfaceBody } from '../../api/user/types';
import { useSession } from '../../app/session';
import { applyScheme, resolveScheme } from '../../app/theme';
import { useFeedback } from '../../components/Feedback';
import { applyLanguage } from '../../i18n';
import type { Errors } from '../../utils/validation';
import { useFormError } from '../../hooks/useFormError';

type Scheme = InterfaceBody['color_scheme'];
const SCHEMES: Scheme[] = ['default', 'system', 'light', 'dark'];

/** The language select: the site's default first, then the languages the server serves, and a stored one it no longer lists. */
function LanguageField({ value, onChange, error }: { value: string; onChange(language: string): void; error?: string }) {
  const { t } = useTranslation();
  const options = useLanguageOptions();
  // the server's own "Default" entry is the translated first option below; the languages show as served, "English (100%)"
  const known = (options.data ?? []).filter((o) => o.value !== 'Default');
  // a stored language the server no longer lists still shows as chosen
  const list = value !== 'Default' && !known.some((o) => o.value === value) ? [...known, { label: value, value }] : known;
  return (
    <div className="field">
      <label htmlFor="language">{t('settings.interface.language')}</label>
      <select
        id="language"
        className="p-inputtext p-component"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={error ? 'language_error language_hint' : 'language_hint'}
        aria-invalid={!!error}
      >
        <option value="Default">{t('settings.interface.language_default')}</option>
        {list.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <small id="language_hint" className="field-hint">
        {t('settings.interface.language_hint')}
      </small>
      {error && (
        <small id="language_error" className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

/** The colour scheme radios: the site's default, the system's, light or dark. */
function SchemeField({ value, onChange, error }: { value: Scheme; onChange(scheme: Scheme): void; error?: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="settings-fieldset">
      <legend>{t('settings.interface.scheme')}</legend>
      {SCHEMES.map((s) => (
        <div key={s} className="settings-radio">
          <input type="radio" id={`scheme_${s}`} name="color_scheme" value={s} checked={value === s} onChange={() => onChange(s)} />
          <label htmlFor={`scheme_${s}`}>{t(`settings.interface.scheme_${s}`)}</label>
        </div>
      ))}
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}

/** The interface tab: language ('Default' is the site's) and color scheme, applied at once. */
export function InterfaceForm() {
  const { t } = useTranslation();
  const { site, user, refreshUser } = useSession();
  const feedback = useFeedback();
  const [language, setLanguage] = useState(user?.language || 'Default');
  const [scheme, setScheme] = useState<Scheme>(SCHEMES.includes(user?.color_scheme as Scheme) ? (user!.color_scheme as Scheme) : 'default');
  const [errors, setErrors] = useState<Errors>({});
  // other failures: the app's error policy shows them
  const showFieldErrors = useFormError(setErrors, { show: false });
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setBusy(true);
    try {
      await updateInterface({ language, color_scheme: scheme });
      await applyLanguage(language === 'Default' ? site.interface.language : language);
      applyScheme(resolveScheme(scheme, site.theme.color_scheme), site.theme.theme_config?.[site.theme.theme]?.primary_color);
      await refreshUser(true);
      // in the language just applied (this render's t still speaks the old one)
      feedback.toast('success', i18next.t('settings.update_success'));
    } catch (err) {
      showFieldErrors(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="stack settings-form">
      <LanguageField value={language} onChange={setLanguage} error={errors.language} />
      <SchemeField value={scheme} onChange={setScheme} error={errors.color_scheme} />
      <div className="form-buttons">
        <Button type="submit" label={t('settings.save')} loading={busy} />
      </div>
    </form>
  );
}
