import { useTranslation } from 'react-i18next';
import { useSetting } from '../../../api/admin-settings/settings-query';
import type { AdminSettings } from '../../../api/admin-settings/types';
import { useFeedback } from '../../../components/Feedback';
import { Check, Radios, SettingsForm, SettingsScreen, TextInput, useGroupForm } from './form';
import { checkSmtp, type SmtpValues } from './validation';

/** The saved mail settings as the form's values (port 465 and authentication on by default; the test recipient empty). */
function smtpValues(data: AdminSettings['smtp']): SmtpValues {
  return {
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
}

/** The form's values as the smtp group's body: addresses and host trimmed, the port a number. */
function smtpBody(v: SmtpValues): AdminSettings['smtp'] {
  return {
    ...v,
    from_email: v.from_email.trim(),
    smtp_host: v.smtp_host.trim(),
    smtp_port: Number(v.smtp_port.trim()),
    test_email_recipient: v.test_email_recipient.trim(),
  };
}

/** The mail server's form: sender, host, encryption, port, login, and an address to send a test mail to on save. */
function SmtpForm({ data }: { data: AdminSettings['smtp'] }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const form = useGroupForm('smtp', smtpValues(data), {
    check: (v) => checkSmtp(t, v),
    toBody: smtpBody,
    onSaved: (v) => {
      if (v.test_email_recipient.trim()) feedback.toast('success', t('admin_settings.smtp.test_sent'));
    },
  });
  const { values: v, set, errors: e } = form;
  /** What every text field here shares: its key names the input, its value and its error. */
  const field = (k: Exclude<keyof SmtpValues, 'smtp_authentication' | 'encryption'>) => ({
    id: k,
    value: v[k],
    onChange: (x: string) => set(k, x),
    error: e[k],
  });
  return (
    <SettingsForm form={form}>
      <TextInput
        {...field('from_email')}
        label={t('admin_settings.smtp.from_email')}
        type="email"
        hint={t('admin_settings.smtp.from_email_hint')}
      />
      <TextInput {...field('from_name')} label={t('admin_settings.smtp.from_name')} hint={t('admin_settings.smtp.from_name_hint')} />
      <TextInput {...field('smtp_host')} label={t('admin_settings.smtp.host')} hint={t('admin_settings.smtp.host_hint')} />
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
      <TextInput {...field('smtp_port')} label={t('admin_settings.smtp.port')} hint={t('admin_settings.smtp.port_hint')} />
      <Check
        id="smtp_authentication"
        label={t('admin_settings.smtp.authentication')}
        text={t('admin_settings.smtp.authentication_text')}
        checked={v.smtp_authentication}
        onChange={(x) => set('smtp_authentication', x)}
      />
      {v.smtp_authentication && (
        <>
          <TextInput {...field('smtp_username')} label={t('admin_settings.smtp.username')} />
          <TextInput {...field('smtp_password')} label={t('admin_settings.smtp.password')} type="password" autoComplete="new-password" />
        </>
      )}
      <TextInput
        {...field('test_email_recipient')}
        label={t('admin_settings.smtp.test')}
        type="email"
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
