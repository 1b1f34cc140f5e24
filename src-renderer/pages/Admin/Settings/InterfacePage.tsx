import { useTranslation } from 'react-i18next';
import { fetchSetting, saveSetting, useAdminLanguages, useSetting } from '../../../api/admin-settings/settings-query';
import type { AdminSettings } from '../../../api/admin-settings/types';
import { joined, Radios, Select, SettingsForm, SettingsScreen, useGroupForm } from './form';

type Avatar = AdminSettings['users']['default_avatar'];
interface Values {
  language: string;
  time_zone: string;
  default_avatar: Avatar;
}

/** The time zones the browser knows, UTC first (the server accepts the same IANA names). */
function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...all].filter(Boolean))];
}

function InterfaceForm({
  data,
  users,
  languages,
}: {
  data: AdminSettings['interface'];
  users: AdminSettings['users'];
  languages: { label: string; value: string }[];
}) {
  const { t } = useTranslation();
  const form = useGroupForm(
    'interface',
    { language: data.language, time_zone: data.time_zone || 'UTC', default_avatar: users.default_avatar } as Values,
    {
      toBody: (v) => ({ language: v.language, time_zone: v.time_zone }),
      // the default avatar belongs to the users group in the API (spec section 2 shows it here)
      also: async (v) => {
        if (v.default_avatar !== users.default_avatar)
          await saveSetting('users', { ...(await fetchSetting('users')), default_avatar: v.default_avatar });
      },
    },
  );
  const { values: v, set, errors: e } = form;
  const langs = languages.some((l) => l.value === v.language) ? languages : [...languages, { label: v.language, value: v.language }];
  return (
    <SettingsForm form={form}>
      <Select
        id="language"
        label={t('admin_settings.interface.language')}
        value={v.language}
        options={langs}
        onChange={(x) => set('language', x)}
        error={e.language}
        hint={t('admin_settings.interface.language_hint')}
      />
      <Select
        id="time_zone"
        label={t('admin_settings.interface.time_zone')}
        value={v.time_zone}
        options={timeZones(v.time_zone).map((z) => ({ value: z, label: z }))}
        onChange={(x) => set('time_zone', x)}
        error={e.time_zone}
        hint={t('admin_settings.interface.time_zone_hint')}
      />
      <Radios<Avatar>
        id="default_avatar"
        legend={t('admin_settings.interface.default_avatar')}
        value={v.default_avatar}
        onChange={(x) => set('default_avatar', x)}
        error={e.default_avatar}
        options={[
          { value: 'system', label: t('admin_settings.users.avatar_system') },
          { value: 'gravatar', label: t('admin_settings.users.avatar_gravatar') },
        ]}
        hint={t('admin_settings.users.default_avatar_hint')}
      />
    </SettingsForm>
  );
}

/** /admin/interface: the site's language, time zone and default avatar. */
export default function InterfacePage() {
  const { t } = useTranslation();
  const query = useSetting('interface');
  const users = useSetting('users');
  const languages = useAdminLanguages();
  return (
    <SettingsScreen title={t('admin_settings.interface.title')} query={joined({ data: query, users, languages })}>
      {(d) => <InterfaceForm data={d.data} users={d.users} languages={d.languages} />}
    </SettingsScreen>
  );
}
