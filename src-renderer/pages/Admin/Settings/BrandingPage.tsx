import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { LIMITS } from '../../../../server/contract/limits';
import { uploadBrandingImage, useSetting } from '../../../api/admin-settings/settings-query';
import type { AdminSettings } from '../../../api/admin-settings/types';
import { useFeedback } from '../../../components/Feedback';
import { useImagePicker, type PickedFile } from '../../../hooks/useImagePicker';
import { FieldFoot, SettingsForm, SettingsScreen, TextInput, useGroupForm, type GroupForm } from './form';

type Branding = AdminSettings['branding'];
type Key = keyof Branding;
const KEYS: Key[] = ['logo', 'mobile_logo', 'square_icon', 'favicon'];

/** Picks an image for one branding slot, checks it is an image within the upload limit, uploads it and sets the slot's URL. */
function useBrandingUpload(name: Key, set: GroupForm<Branding>['set']) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string>();
  const onPicked = useCallback(
    async (file: PickedFile) => {
      setUploadError(undefined);
      if (!file.type.startsWith('image/')) return setUploadError(t('admin_settings.branding.not_image'));
      if (file.blob.size > LIMITS.uploadBytes)
        return setUploadError(t('admin_settings.branding.too_big', { mb: LIMITS.uploadBytes / 1024 / 1024 }));
      setBusy(true);
      try {
        set(name, await uploadBrandingImage(file.blob, file.name));
      } catch (err) {
        feedback.toast('error', err instanceof Error ? err.message : t('error.generic'));
      } finally {
        setBusy(false);
      }
    },
    [feedback, name, set, t],
  );
  const picker = useImagePicker(onPicked);
  return { busy, uploadError, picker };
}

/** One image of the branding: its preview, upload and remove buttons, and its URL. */
function BrandingImage({ name, form }: { name: Key; form: GroupForm<Branding> }) {
  const { t } = useTranslation();
  const label = t(`admin_settings.branding.${name}`);
  const url = form.values[name];
  const { set } = form;
  const { busy, uploadError, picker } = useBrandingUpload(name, set);
  return (
    <section className="admin-branding-item" aria-labelledby={`${name}_heading`}>
      <div className="admin-branding-preview">
        {url ? (
          <img src={url} alt={t('admin_settings.branding.preview', { label })} />
        ) : (
          <span className="muted small">{t('admin_settings.branding.none')}</span>
        )}
      </div>
      <div>
        <h2 id={`${name}_heading`} className="admin-subheading">
          {label}
        </h2>
        <FieldFoot id={`${name}_upload`} hint={t(`admin_settings.branding.${name}_hint`)} error={uploadError} />
        <div className="admin-branding-actions">
          <Button
            type="button"
            size="small"
            outlined
            icon="upload"
            label={
              busy
                ? t('admin_settings.branding.uploading')
                : url
                  ? t('admin_settings.branding.change')
                  : t('admin_settings.branding.upload')
            }
            aria-label={`${url ? t('admin_settings.branding.change') : t('admin_settings.branding.upload')}: ${label}`}
            disabled={busy}
            onClick={() => void picker.pick()}
          />
          {url && (
            <button
              type="button"
              className="admin-link-button"
              aria-label={`${t('admin_settings.branding.remove')}: ${label}`}
              onClick={() => set(name, '')}
            >
              {t('admin_settings.branding.remove')}
            </button>
          )}
          <input {...picker.inputProps} data-testid={`${name}-file`} />
        </div>
        <TextInput
          id={name}
          label={t('admin_settings.branding.url', { label })}
          type="url"
          value={url}
          onChange={(x) => set(name, x)}
          error={form.errors[name]}
        />
      </div>
    </section>
  );
}

function BrandingForm({ data }: { data: Branding }) {
  const initial = Object.fromEntries(KEYS.map((k) => [k, data[k] ?? ''])) as Branding;
  const form = useGroupForm('branding', initial, { toBody: (v) => Object.fromEntries(KEYS.map((k) => [k, v[k].trim()])) as Branding });
  return (
    <SettingsForm form={form}>
      {KEYS.map((k) => (
        <BrandingImage key={k} name={k} form={form} />
      ))}
    </SettingsForm>
  );
}

/** /admin/branding: logo, mobile logo, square icon and favicon, uploaded and previewed. */
export default function BrandingPage() {
  const { t } = useTranslation();
  const query = useSetting('branding');
  return (
    <SettingsScreen title={t('admin_settings.branding.title')} query={query}>
      {(data) => <BrandingForm data={data} />}
    </SettingsScreen>
  );
}
