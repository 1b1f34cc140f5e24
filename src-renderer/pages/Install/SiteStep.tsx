import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox } from '../../components/ui';
import { Field } from '../../components/Field';
import type { SiteForm } from './install-validation';

/** The installer's site and admin step: the site's name, address, contact and access, then the first admin's account. */
export function SiteStep(props: {
  value: SiteForm;
  onChange(update: (form: SiteForm) => SiteForm): void;
  errors: Record<string, string>;
  onSubmit(): void;
  onPrevious(): void;
}) {
  const { value: form, errors } = props;
  const { t } = useTranslation();
  const set = (k: keyof SiteForm) => (v: string | boolean) => props.onChange((f) => ({ ...f, [k]: v }));
  /** What every text field here shares: its key names the input, its value and its error. */
  const field = (k: 'site_name' | 'site_url' | 'contact_email' | 'name' | 'password' | 'email') => ({
    id: k,
    value: form[k],
    onChange: set(k),
    error: errors[k],
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <h2>{t('install.site_section')}</h2>
      <Field {...field('site_name')} label={t('install.site_name')} autoFocus />
      <Field {...field('site_url')} label={t('install.site_url')} />
      <Field {...field('contact_email')} label={t('install.contact_email')} type="email" />
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
      <Field {...field('name')} label={t('install.admin_name')} autoComplete="username" />
      <Field {...field('password')} label={t('install.admin_password')} type="password" autoComplete="new-password" />
      <Field {...field('email')} label={t('install.admin_email')} type="email" autoComplete="email" />
      <div className="row">
        <Button type="button" label={t('common.previous')} outlined onClick={props.onPrevious} />
        <Button type="submit" label={t('install.install')} />
      </div>
    </form>
  );
}
