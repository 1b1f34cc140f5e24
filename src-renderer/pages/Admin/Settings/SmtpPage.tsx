import { useTranslation } from 'react-i18next';
import { useSetting } from '../../../api/admin-settings/settings-query';
import type { AdminSettings } from '../../../api/admin-settings/types';
import { useFeedback } from '../../../components/Feedback';
import { Check, Radios, SettingsForm, SettingsScreen, TextInput, useGroupForm } from './form';
import { checkSmtp, type SmtpValues } from './validation';

function SmtpForm({ data }: { data: AdminSettings['smtp'] }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const initial: SmtpValues = {
    from_email: data.from_email ?? '',
    from_name: data.from_name ?? '',
    smtp_host: data.smtp_host ?? '',
    encryption: data.encryption ?? '',
    smtp_port: String(data.smtp_port ?? 465),
    smtp_authentication: data.smtp_authentication !== false,
    smtp_username: data.smtp_username ?? '',
    smtp_password: data.smtp_password ?? '',
    test_email_recipient: '',
  };
  const form = useGroupForm('smtp', initial, {
    check: (v) => checkSmtp(t, v),
    toBody: (v) => ({
      ...v,
      from_email: v.from_email.trim(),
      smtp_host: v.smtp_host.trim(),
      smtp_port: Number(v.smtp_port.trim()),
      test_email_recipient: v.test_email_recipient.trim(),
    }),
    onSaved: (v) => {
      if (v.test_email_recipient.trim()) feedback.toast('success', t('admin_settings.smtp.test_sent'));
    },
  });
  const { values: v, set, errors: e } = form;
  return (
    <SettingsForm form={form}>
      <TextInput
        id="from_email"
        label={t('admin_settings.smtp.from_email')}
        type="email"
        value={v.from_email}
        onChange={(x) => set('from_email', x)}
        error={e.from_email}
        hint={t('admin_settings.smtp.from_email_hint')}
      />
      <TextInput
        id="from_name"
        label={t('admin_settings.smtp.from_name')}
        value={v.from_name}
        onChange={(x) => set('from_name', x)}
        error={e.from_name}
        hint={t('admin_settings.smtp.from_name_hint')}
      />
      <TextInput
        id="smtp_host"
        label={t('admin_settings.smtp.host')}
        value={v.smtp_host}
        onChange={(x) => set('smtp_host', x)}
        error={e.smtp_host}
        hint={t('admin_settings.smtp.host_hint')}
      />
      <Radios<SmtpValues['encryption']>
        id="encryption"
        legend={t('admin_settings.smtp.encryption')}
        value={v.encryption}
        onChange={(x) => set('encryption', x)}
        error={e.encryption}
        options={[
          { value: '', label: t('admin_settings.smtp.encryption_none') },
          { value: 'SSL', label: t('admin_settings.smtp.encryption_ssl') },
          { value: 'TLS', label: t('admin_settings.smtp.encryption_tls') },
        ]}
      />
      <TextInput
        id="smtp_port"
        label={t('admin_settings.smtp.port')}
        value={v.smtp_port}
        onChange={(x) => set('smtp_port', x)}
        error={e.smtp_port}
        hint={t('admin_settings.smtp.port_hint')}
      />
      <Check
        id="smtp_authentication"
        label={t('admin_settings.smtp.authentication')}
        text={t('admin_settings.smtp.authentication_text')}
        checked={v.smtp_authentication}
        onChange={(x) => set('smtp_authentication', x)}
      />
      {v.smtp_authentication && (
        <>
          <TextInput
            id="smtp_username"
            label={t('admin_settings.smtp.username')}
            value={v.smtp_username}
            onChange={(x) => set('smtp_username', x)}
            error={e.smtp_username}
          />
          <TextInput
            id="smtp_password"
            label={t('admin_settings.smtp.password')}
            type="password"
            autoComplete="new-password"
            value={v.smtp_password}
            onChange={(x) => set('smtp_password', x)}
            error={e.smtp_password}
          />
        </>
      )}
      <TextInput
        id="test_email_recipient"
        label={t('admin_settings.smtp.test')}
        type="email"
        value={v.test_email_recipient}
        onChange={(x) => set('test_email_recipient', x)}
        error={e.test_email_recipient}
        hint={t('admin_settings.smtp.test_hint')}
      />
    </SettingsForm>
  );
}

/** /admin/smtp: the mail server, with a test mail sent on save. */
export default function SmtpPage() {
  const { t } = useTranslation();
  const query = useSetting('smtp');
  return (
    <SettingsScreen title={t('admin_settings.smtp.title')} intro={t('admin_settings.smtp.intro')} query={query}>
      {(data) => <SmtpForm data={data} />}
    </SettingsScreen>
  );
}
