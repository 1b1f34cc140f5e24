import { useTranslation } from 'react-i18next';
import { useSetting } from '../../../api/admin-settings/settings-query';
import type { AdminSettings } from '../../../api/admin-settings/types';
import { Check, SettingsForm, SettingsScreen, TextArea, useGroupForm } from './form';
import { checkDomains, splitList } from './validation';

type Login = AdminSettings['login'];

function LoginForm({ data }: { data: Login }) {
  const { t } = useTranslation();
  const initial = {
    allow_new_registrations: data.allow_new_registrations !== false,
    allow_email_registrations: data.allow_email_registrations !== false,
    allow_password_login: data.allow_password_login !== false,
    login_required: !!data.login_required,
    allow_email_domains: (data.allow_email_domains ?? []).join('\n'),
  };
  const form = useGroupForm('login', initial, {
    check: (v) => checkDomains(t, v.allow_email_domains),
    toBody: (v) => ({ ...v, allow_email_domains: splitList(v.allow_email_domains).map((d) => d.toLowerCase()) }),
  });
  const { values: v, set, errors: e } = form;
  return (
    <SettingsForm form={form}>
      <Check
        id="allow_new_registrations"
        label={t('admin_settings.login.registration')}
        text={t('admin_settings.login.registration_text')}
        checked={v.allow_new_registrations}
        onChange={(x) => set('allow_new_registrations', x)}
      />
      <Check
        id="allow_email_registrations"
        label={t('admin_settings.login.email_registration')}
        text={t('admin_settings.login.email_registration_text')}
        checked={v.allow_email_registrations}
        onChange={(x) => set('allow_email_registrations', x)}
      />
      <Check
        id="allow_password_login"
        label={t('admin_settings.login.password_login')}
        text={t('admin_settings.login.password_login_text')}
        checked={v.allow_password_login}
        onChange={(x) => set('allow_password_login', x)}
      />
      <TextArea
        id="allow_email_domains"
        label={t('admin_settings.login.domains')}
        rows={3}
        value={v.allow_email_domains}
        onChange={(x) => set('allow_email_domains', x)}
        error={e.allow_email_domains}
        hint={t('admin_settings.login.domains_hint')}
      />
      <Check
        id="login_required"
        label={t('admin_settings.login.login_required')}
        text={t('admin_settings.login.login_required_text')}
        checked={v.login_required}
        onChange={(x) => set('login_required', x)}
      />
    </SettingsForm>
  );
}

/** /admin/login: registrations, email sign-up, allowed domains and the private-site switch. */
export default function LoginPage() {
  const { t } = useTranslation();
  const query = useSetting('login');
  return (
    <SettingsScreen title={t('admin_settings.login.title')} query={query}>
      {(data) => <LoginForm data={data} />}
    </SettingsScreen>
  );
}
