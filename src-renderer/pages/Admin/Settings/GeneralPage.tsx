import { useTranslation } from 'react-i18next';
import { useSetting } from '../../../api/admin-settings/settings-query';
import type { AdminSettings } from '../../../api/admin-settings/types';
import { Check, SettingsForm, SettingsScreen, TextArea, TextInput, useGroupForm } from './form';
import { checkGeneral, type GeneralValues } from './validation';

function GeneralForm({ data }: { data: AdminSettings['general'] }) {
  const { t } = useTranslation();
  const initial: GeneralValues = {
    name: data.name ?? '',
    site_url: data.site_url ?? '',
    short_description: data.short_description ?? '',
    description: data.description ?? '',
    contact_email: data.contact_email ?? '',
    check_update: data.check_update !== false,
  };
  const form = useGroupForm('general', initial, {
    check: (v) => checkGeneral(t, v),
    toBody: (v) => ({ ...v, name: v.name.trim(), site_url: v.site_url.trim(), contact_email: v.contact_email.trim() }),
  });
  const { values: v, set, errors: e } = form;
  return (
    <SettingsForm form={form}>
      <TextInput id="name" label={t('admin_settings.general.name')} value={v.name} onChange={(x) => set('name', x)} error={e.name} />
      <TextInput
        id="site_url"
        label={t('admin_settings.general.site_url')}
        type="url"
        value={v.site_url}
        onChange={(x) => set('site_url', x)}
        error={e.site_url}
        hint={t('admin_settings.general.site_url_hint')}
      />
      <TextInput
        id="short_description"
        label={t('admin_settings.general.short_description')}
        value={v.short_description}
        onChange={(x) => set('short_description', x)}
        error={e.short_description}
        hint={t('admin_settings.general.short_description_hint')}
      />
      <TextArea
        id="description"
        label={t('admin_settings.general.description')}
        rows={3}
        value={v.description}
        onChange={(x) => set('description', x)}
        error={e.description}
        hint={t('admin_settings.general.description_hint')}
      />
      <TextInput
        id="contact_email"
        label={t('admin_settings.general.contact_email')}
        type="email"
        value={v.contact_email}
        onChange={(x) => set('contact_email', x)}
        error={e.contact_email}
        hint={t('admin_settings.general.contact_email_hint')}
      />
      <Check
        id="check_update"
        label={t('admin_settings.general.check_update')}
        text={t('admin_settings.general.check_update_text')}
        checked={v.check_update}
        onChange={(x) => set('check_update', x)}
      />
    </SettingsForm>
  );
}

/** /admin/general: site name, URL, descriptions and contact email. */
export default function GeneralPage() {
  const { t } = useTranslation();
  const query = useSetting('general');
  return (
    <SettingsScreen title={t('admin_settings.general.title')} query={query}>
      {(data) => <GeneralForm data={data} />}
    </SettingsScreen>
  );
}
