import { useTranslation } from 'react-i18next';
import { useSetting } from '../../../api/admin-settings/settings-query';
import type { AdminSettings } from '../../../api/admin-settings/types';
import { Check, Radios, SettingsForm, SettingsScreen, TextInput, useGroupForm } from './form';
import { checkUsers } from './validation';

type Users = AdminSettings['users'];
const FLAGS = ['display_name', 'username', 'avatar', 'bio', 'website', 'location'] as const;

function UsersForm({ data }: { data: Users }) {
  const { t } = useTranslation();
  const initial = {
    default_avatar: data.default_avatar === 'system' ? 'system' : 'gravatar',
    gravatar_base_url: data.gravatar_base_url ?? '',
    ...Object.fromEntries(FLAGS.map((f) => [`allow_update_${f}`, data[`allow_update_${f}`] !== false])),
  } as Users;
  const form = useGroupForm('users', initial, {
    check: (v) => checkUsers(t, v.gravatar_base_url),
    toBody: (v) => ({ ...v, gravatar_base_url: v.gravatar_base_url.trim() }),
  });
  const { values: v, set, errors: e } = form;
  return (
    <SettingsForm form={form}>
      <fieldset className="admin-fieldset">
        <legend>{t('admin_settings.users.allow_update')}</legend>
        {FLAGS.map((f) => (
          <Check
            key={f}
            id={`allow_update_${f}`}
            label={t(`admin_settings.users.allow_update_${f}`)}
            checked={v[`allow_update_${f}`]}
            onChange={(x) => set(`allow_update_${f}`, x)}
          />
        ))}
      </fieldset>
      <Radios<Users['default_avatar']>
        id="default_avatar"
        legend={t('admin_settings.users.default_avatar')}
        value={v.default_avatar}
        onChange={(x) => set('default_avatar', x)}
        error={e.default_avatar}
        hint={t('admin_settings.users.default_avatar_hint')}
        options={[
          { value: 'system', label: t('admin_settings.users.avatar_system') },
          { value: 'gravatar', label: t('admin_settings.users.avatar_gravatar') },
        ]}
      />
      <TextInput
        id="gravatar_base_url"
        label={t('admin_settings.users.gravatar_base_url')}
        type="url"
        value={v.gravatar_base_url}
        onChange={(x) => set('gravatar_base_url', x)}
        error={e.gravatar_base_url}
        hint={t('admin_settings.users.gravatar_base_url_hint')}
      />
    </SettingsForm>
  );
}

/** /admin/settings-users: which profile fields members may change, the default avatar and the Gravatar address. */
export default function UsersSettingsPage() {
  const { t } = useTranslation();
  const query = useSetting('users');
  return (
    <SettingsScreen title={t('admin_settings.users.title')} query={query}>
      {(data) => <UsersForm data={data} />}
    </SettingsScreen>
  );
}
