import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui';
import { useUpdateUserPluginConfig, useUserPluginConfig } from '../../api/user/settings-calls';
import type { PluginConfigForm } from '../../api/user/types';
import { PluginConfigFields } from '../../components/plugin-config/PluginConfigFields';
import { byFieldId, missingRequired, pluginFieldId, pluginValues, type PluginValues } from '../../components/plugin-config/plugin-config';
import { useFeedback } from '../../components/Feedback';
import { useDelayed } from '../../hooks/useDelayed';
import type { Errors } from '../../utils/validation';
import { useFormError } from '../../hooks/useFormError';
import { focusFirst } from './parts';

/** A plugin's personal settings (GET/PUT user/plugin/config), drawn from its field list. */
export function PluginSettingsForm({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const config = useUserPluginConfig(slug);
  const slow = useDelayed(config.isPending);
  if (config.data) return <PluginFields key={slug} slug={slug} form={config.data} />;
  if (config.isError) return <p className="muted">{t('error.generic')}</p>;
  return slow ? (
    <p className="muted" role="status">
      {t('settings.loading')}
    </p>
  ) : null;
}

function PluginFields({ slug, form }: { slug: string; form: PluginConfigForm }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const save = useUpdateUserPluginConfig(slug);
  const fields = form.config_fields ?? [];
  const [values, setValues] = useState<PluginValues>(() => pluginValues(fields));
  const [errors, setErrors] = useState<Errors>({});
  // other failures: the app's error policy shows them
  const showFieldErrors = useFormError(setErrors, { fields: byFieldId, show: false });
  const set = (name: string, v: unknown) => {
    setValues((o) => ({ ...o, [name]: v }));
    setErrors(({ [pluginFieldId(name)]: _drop, ...rest }) => rest);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local = missingRequired(fields, values, (label) => t('settings.plugin.required', { label }));
    setErrors(local);
    if (Object.keys(local).length) return focusFirst(local);
    save.mutate(values, {
      onSuccess: () => feedback.toast('success', t('settings.update_success')),
      onError: showFieldErrors,
    });
  };

  if (!fields.length) return <p className="muted">{t('settings.plugin.empty')}</p>;
  return (
    <form onSubmit={submit} noValidate className="stack settings-form">
      {form.description && <p className="muted">{form.description}</p>}
      <PluginConfigFields fields={fields} values={values} errors={errors} set={set} look="settings" />
      <div className="form-buttons">
        <Button type="submit" label={t('settings.save')} loading={save.isPending} />
      </div>
    </form>
  );
}
