import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePluginConfig, useSavePluginConfig } from '../../../api/admin-settings/plugins-query';
import type { PluginConfig, PluginConfigField } from '../../../api/admin-settings/types';
import { PluginConfigFields } from '../../../components/plugin-config/PluginConfigFields';
import {
  byFieldId,
  missingRequired,
  pluginFieldId,
  pluginValues,
  type PluginValues,
} from '../../../components/plugin-config/plugin-config';
import { useFormError } from '../../../hooks/useFormError';
import { ErrorPage } from '../../../components/ErrorPage';
import { useFeedback } from '../../../components/Feedback';
import { useUnsavedChanges } from '../../../hooks/useUnsavedChanges';
import type { Errors } from '../../../utils/validation';
import { focusFirst, SettingsForm, SettingsScreen, type GroupForm } from '../Settings/form';

type Values = PluginValues;

/** The form state of a plugin's settings, in the shape the settings screens share. */
function usePluginForm(slug: string, fields: PluginConfigField[]): GroupForm<Values> {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const save = useSavePluginConfig(slug);
  const initial = pluginValues(fields);
  const [values, setValues] = useState<Values>(initial);
  const [saved, setSaved] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const guard = useUnsavedChanges(dirty);
  const show = (byId: Errors) => {
    setErrors(byId);
    focusFirst(byId);
  };
  const showError = useFormError(show, { fields: byFieldId });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local = missingRequired(fields, values, (label) => t('admin_settings.plugins.field_required', { label }));
    if (Object.keys(local).length) return show(local);
    setErrors({});
    const sent = values;
    save.mutate(sent, {
      onSuccess: () => {
        setSaved(sent);
        guard.allow();
        feedback.toast('success', t('admin_settings.update_success'));
      },
      onError: showError,
    });
  };
  return {
    values,
    set: (key, value) => {
      setValues((o) => ({ ...o, [key]: value }));
      setErrors(({ [pluginFieldId(String(key))]: _drop, ...rest }) => rest);
    },
    errors,
    saving: save.isPending,
    dirty,
    submit,
    guard,
  };
}

function PluginForm({ config }: { config: PluginConfig }) {
  const { t } = useTranslation();
  const fields = config.config_fields ?? [];
  const form = usePluginForm(config.slug_name, fields);
  if (!fields.length) return <p className="muted">{t('admin_settings.plugins.config_empty')}</p>;
  return (
    <SettingsForm form={form}>
      <PluginConfigFields fields={fields} values={form.values} errors={form.errors} set={form.set} look="admin" />
    </SettingsForm>
  );
}

/** /admin/{slug_name}: a plugin's settings form, drawn from the fields the plugin describes (404 for an unknown plugin). */
export default function PluginConfigPage() {
  const { slugName = '' } = useParams();
  const query = usePluginConfig(slugName);
  // the server answers an unknown plugin with an empty description
  if (query.data && !query.data.slug_name) return <ErrorPage kind={404} />;
  return (
    <SettingsScreen title={query.data?.name || slugName} intro={query.data?.description} query={query}>
      {(config) => <PluginForm key={config.slug_name} config={config} />}
    </SettingsScreen>
  );
}
