import { useCallback, useState, type ComponentProps, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../server/contract/limits';
import { uploadAvatar } from '../../api/user/settings-calls';
import { useFeedback } from '../../components/Feedback';
import { UserAvatar } from '../../components/UserAvatar';
import { Button } from '../../components/ui';
import { showFormError } from '../../hooks/useFormError';
import { useImagePicker, type PickedFile } from '../../hooks/useImagePicker';
import type { Errors } from '../../utils/validation';
import type { ProfileValues } from './settings-validation';

const MB = LIMITS.uploadBytes / 1024 / 1024;

/** The custom avatar's upload: an image within the upload limit becomes the custom avatar; a refusal goes on the avatar field. */
export function useAvatarUpload(setV: Dispatch<SetStateAction<ProfileValues>>, setErrors: Dispatch<SetStateAction<Errors>>) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [uploading, setUploading] = useState(false);
  const onPicked = useCallback(
    async (file: PickedFile) => {
      if (!file.type.startsWith('image/')) return setErrors((e) => ({ ...e, avatar: t('editor.image_only') }));
      if (file.blob.size > LIMITS.uploadBytes) return setErrors((e) => ({ ...e, avatar: t('editor.image_too_big', { mb: MB }) }));
      setUploading(true);
      try {
        const url = await uploadAvatar(file.blob, file.name);
        setV((old) => ({ ...old, avatarType: 'custom', avatarCustom: url }));
        setErrors(({ avatar: _drop, ...rest }) => rest);
      } catch (err) {
        showFormError(
          err,
          (fe) => setErrors((e) => ({ ...e, ...fe })),
          { feedback, t },
          { fields: (fe) => ({ avatar: Object.values(fe)[0] }), show: false },
        );
      } finally {
        setUploading(false);
      }
    },
    [t, feedback, setErrors, setV],
  );
  return { uploading, picker: useImagePicker(onPicked) };
}

/** What the avatar choice says under the radios. */
function AvatarNote({ type }: { type: ProfileValues['avatarType'] }) {
  const { t } = useTranslation();
  return (
    <p className="muted small avatar-note">
      {type === 'system' && t('settings.profile.avatar_system_text')}
      {type === 'gravatar' && (
        <>
          {t('settings.profile.avatar_gravatar_text')}{' '}
          <a href="https://gravatar.com" target="_blank" rel="noreferrer noopener">
            gravatar.com
          </a>
        </>
      )}
      {type === 'custom' && t('settings.profile.avatar_custom_text', { mb: MB })}
    </p>
  );
}

/** The custom avatar's upload button (and the picker's hidden file input). */
function UploadButton(p: { uploading: boolean; hasCustom: boolean; pick(): void; fileInput: ComponentProps<'input'> }) {
  const { t } = useTranslation();
  const label = p.uploading
    ? t('settings.profile.avatar_uploading')
    : p.hasCustom
      ? t('settings.profile.avatar_change')
      : t('settings.profile.avatar_upload');
  return (
    <div>
      <Button type="button" id="avatar_custom" outlined size="small" icon="upload" loading={p.uploading} label={label} onClick={p.pick} />
      <input {...p.fileInput} aria-label={t('settings.profile.avatar_upload')} data-testid="avatar-file" />
    </div>
  );
}

/** The avatar choice: system, Gravatar or an uploaded image, with a preview. */
export function AvatarFieldset(p: {
  v: ProfileValues;
  fallbackName: string;
  previewUrl: string;
  allowed: boolean;
  error?: string;
  onType(type: ProfileValues['avatarType']): void;
  upload: ReturnType<typeof useAvatarUpload>;
}) {
  const { t } = useTranslation();
  const { v, upload } = p;
  return (
    <fieldset className="settings-fieldset" disabled={!p.allowed} aria-describedby={p.error ? 'avatar_error' : undefined}>
      <legend>{t('settings.profile.avatar')}</legend>
      <div className="avatar-choice">
        <span role="img" aria-label={t('settings.profile.avatar_preview')} className="avatar-preview">
          <UserAvatar key={p.previewUrl} user={{ avatar: p.previewUrl, display_name: v.display_name || p.fallbackName }} size={96} />
        </span>
        <div className="avatar-options">
          {(['system', 'gravatar', 'custom'] as const).map((type) => (
            <div key={type} className="settings-radio">
              <input
                type="radio"
                id={`avatar_${type}`}
                name="avatar_type"
                value={type}
                checked={v.avatarType === type}
                onChange={() => p.onType(type)}
              />
              <label htmlFor={`avatar_${type}`}>{t(`settings.profile.avatar_${type}`)}</label>
            </div>
          ))}
          <AvatarNote type={v.avatarType} />
          {v.avatarType === 'custom' && (
            <UploadButton
              uploading={upload.uploading}
              hasCustom={!!v.avatarCustom}
              pick={() => void upload.picker.pick()}
              fileInput={upload.picker.inputProps}
            />
          )}
        </div>
      </div>
      {!p.allowed && <small className="field-hint">{t('settings.profile.locked')}</small>}
      {p.error && (
        <small id="avatar_error" className="field-error" role="alert">
          {p.error}
        </small>
      )}
    </fieldset>
  );
}
