import { useTranslation } from 'react-i18next';
import { InputText } from '../../../components/ui';
import { usePrivilegeOptions } from '../../../api/admin-settings/settings-query';
import type { PrivilegeLevel, PrivilegeOptions } from '../../../api/admin-settings/types';
import type { Errors } from '../../../utils/validation';
import { FieldFoot, Radios, SettingsForm, SettingsScreen, useGroupForm } from './form';
import { checkPrivilege } from './validation';

const CUSTOM: PrivilegeLevel = 99;

function PrivilegesForm({ data }: { data: PrivilegeOptions }) {
  const { t } = useTranslation();
  const levels = data.options;
  const custom = levels.find((o) => o.level === CUSTOM);
  const initial = {
    level: data.selected_level,
    custom: Object.fromEntries((custom?.privileges ?? []).map((p) => [p.key, String(p.value)])) as Record<string, string>,
  };
  const form = useGroupForm('privileges', initial, {
    check: (v): Errors => {
      if (v.level !== CUSTOM) return {};
      const errs: Errors = {};
      for (const [key, typed] of Object.entries(v.custom)) {
        const msg = checkPrivilege(t, typed);
        if (msg) errs[key] = msg;
      }
      return errs;
    },
    toBody: (v) => ({
      level: v.level,
      custom_privileges: v.level === CUSTOM ? Object.entries(v.custom).map(([key, value]) => ({ key, value: Number(value) })) : [],
    }),
  });
  const { values: v, set, errors: e } = form;
  const shown = levels.find((o) => o.level === v.level) ?? levels[0];
  const editable = v.level === CUSTOM;
  return (
    <SettingsForm form={form}>
      <Radios<PrivilegeLevel>
        id="level"
        legend={t('admin_settings.privileges.level')}
        value={v.level}
        onChange={(x) => set('level', x)}
        hint={t('admin_settings.privileges.level_hint')}
        options={levels.map((o) => ({ value: o.level, label: o.level_desc }))}
      />
      {shown && (
        <table className="admin-privileges">
          <caption className="sr-only">{shown.level_desc}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin_settings.privileges.title')}</th>
              <th scope="col">{t('admin_settings.privileges.reputation')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.privileges.map((p) => (
              <tr key={p.key}>
                <th scope="row">
                  <label htmlFor={p.key}>{p.label}</label>
                </th>
                <td>
                  {editable ? (
                    <>
                      <InputText
                        id={p.key}
                        inputMode="numeric"
                        value={v.custom[p.key] ?? ''}
                        invalid={!!e[p.key]}
                        aria-invalid={!!e[p.key]}
                        aria-describedby={e[p.key] ? `${p.key}_error` : undefined}
                        onChange={(ev) => set('custom', { ...v.custom, [p.key]: ev.target.value })}
                      />
                      <FieldFoot id={p.key} error={e[p.key]} />
                    </>
                  ) : (
                    <span id={p.key}>{p.value}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SettingsForm>
  );
}

/** /admin/privileges: the reputation each privilege needs, by level or custom values (numbers >= 1). */
export default function PrivilegesPage() {
  const { t } = useTranslation();
  const query = usePrivilegeOptions();
  return (
    <SettingsScreen title={t('admin_settings.privileges.title')} query={query}>
      {(data) => <PrivilegesForm data={data} />}
    </SettingsScreen>
  );
}
