import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui';
import { LIMITS } from '../../../server/contract/limits';
import { updateUserInfo, uploadAvatar } from '../../api/user/settings-calls';
import type { AvatarChoice, CurrentUser } from '../../api/user/types';
import { to } from '../../app/paths';
import { useSession } from '../../app/session';
import { useFeedback } from '../../components/Feedback';
import { UserAvatar } from '../../components/UserAvatar';
import { useImagePicker, type PickedFile } from '../../hooks/useImagePicker';
import type { Errors } from '../../utils/validation';
import { checkProfile, type ProfilePermissions, type ProfileValues } from './settings-validation';
import { focusFirst, serverFieldErrors, TextField } from './parts';

/** site_users as GET siteinfo answers it (the allow_update_* flags; absent means allowed). */
type SiteUsers = { gravatar_base_url?: string } & Partial<Record<`allow_update_${keyof ProfilePermissions}`, boolean>>;

/** The profile fields the admin lets members change. */
export function profilePermissions(siteUsers: unknown): ProfilePermissions {
  const u = (siteUsers ?? {}) as SiteUsers;
  return {
    display_name: u.allow_update_display_name !== false,
    username: u.allow_update_username !== false,
    avatar: u.allow_update_avatar !== false,
    bio: u.allow_update_bio !== false,
    website: u.allow_update_website !== false,
    location: u.allow_update_location !== false,
  };
}

function avatarOf(user: CurrentUser): AvatarChoice {
  const a = user.avatar;
  if (typeof a === 'string') return a ? { type: 'custom', gravatar: '', custom: a } : { type: '', gravatar: '', custom: '' };
  return { type: (a?.type ?? '') as AvatarChoice['type'], gravatar: a?.gravatar ?? '', custom: a?.custom ?? '' };
}

function initialValues(user: CurrentUser, defaultAvatar: string): ProfileValues {
  const a = avatarOf(user);
  const type = a.type || (defaultAvatar === 'gravatar' ? 'gravatar' : 'system');
  return {
    display_name: user.display_name ?? '',
    username: user.username ?? '',
    avatarType: type,
    avatarCustom: a.custom,
    bio: user.bio ?? '',
    website: user.website ?? '',
    location: user.location ?? '',
  };
}

/** The Gravatar address of an email (SHA-256 of the trimmed lower-case address), '' where the browser cannot hash. */
function useGravatar(base: string, email: string): string {
  const [url, setUrl] = useState('');
  useEffect(() => {
    let live = true;
    const subtle = globalThis.crypto?.subtle;
    if (!subtle || !email) return;
    void subtle
      .digest('SHA-256', new TextEncoder().encode(email.trim().toLowerCase()))
      .then((buf) => {
        const hex = Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
        if (live) setUrl(`${base}${hex}`);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [base, email]);
  return url;
}

/** The profile tab: display name, username, avatar, bio, website and location. */
export function ProfileForm() {
  const { t } = useTranslation();
  const { site, user, refreshUser } = useSession();
  const feedback = useFeedback();
  const allow = profilePermissions(site.site_users);
  const [v, setV] = useState<ProfileValues>(() => initialValues(user!, site.site_users.default_avatar));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const gravatarBase = (site.site_users as SiteUsers).gravatar_base_url || 'https://www.gravatar.com/avatar/';
  const gravatar = useGravatar(gravatarBase, user?.e_mail ?? '');

  const set = <K extends keyof ProfileValues>(k: K, value: ProfileValues[K]) => {
    setV((old) => ({ ...old, [k]: value }));
    const field = k === 'avatarType' || k === 'avatarCustom' ? 'avatar' : k;
    if (errors[field]) setErrors(({ [field]: _drop, ...rest }) => rest);
  };

  const onPicked = useCallback(
    async (file: PickedFile) => {
      if (!file.type.startsWith('image/')) return setErrors((e) => ({ ...e, avatar: t('editor.image_only') }));
      if (file.blob.size > LIMITS.uploadBytes)
        return setErrors((e) => ({ ...e, avatar: t('editor.image_too_big', { mb: LIMITS.uploadBytes / 1024 / 1024 }) }));
      setUploading(true);
      try {
        const url = await uploadAvatar(file.blob, file.name);
        setV((old) => ({ ...old, avatarType: 'custom', avatarCustom: url }));
        setErrors(({ avatar: _drop, ...rest }) => rest);
      } catch (err) {
        const fe = serverFieldErrors(err);
        if (Object.keys(fe).length) setErrors((e) => ({ ...e, avatar: Object.values(fe)[0] }));
      } finally {
        setUploading(false);
      }
    },
    [t],
  );
  const picker = useImagePicker(onPicked);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = checkProfile(t, v, allow);
    setErrors(local);
    if (Object.keys(local).length) {
      focusFirst(Object.fromEntries(Object.entries(local).map(([k, m]) => [k === 'avatar' ? 'avatar_custom' : k, m])));
      return;
    }
    setBusy(true);
    try {
      await updateUserInfo({
        display_name: v.display_name.trim(),
        username: v.username.trim(),
        avatar: {
          type: v.avatarType,
          gravatar: v.avatarType === 'gravatar' ? gravatar : '',
          custom: v.avatarType === 'custom' ? v.avatarCustom : '',
        },
        bio: v.bio,
        website: v.website.trim(),
        location: v.location.trim(),
      });
      await refreshUser(true);
      feedback.toast('success', t('settings.update_success'));
    } catch (err) {
      const fe = serverFieldErrors(err);
      setErrors(fe);
      focusFirst(fe);
    } finally {
      setBusy(false);
    }
  };

  const locked = (ok: boolean) => (ok ? undefined : t('settings.profile.locked'));
  const previewUrl = v.avatarType === 'custom' ? v.avatarCustom : v.avatarType === 'gravatar' ? gravatar : '';

  return (
    <form onSubmit={submit} noValidate className="stack settings-form" aria-labelledby="settings-heading">
      <TextField
        id="display_name"
        label={t('settings.profile.display_name')}
        value={v.display_name}
        onChange={(x) => set('display_name', x)}
        error={errors.display_name}
        hint={locked(allow.display_name) ?? t('settings.profile.display_name_hint')}
        disabled={!allow.display_name}
        autoComplete="nickname"
      />
      <TextField
        id="username"
        label={t('settings.profile.username')}
        value={v.username}
        onChange={(x) => set('username', x)}
        error={errors.username}
        hint={locked(allow.username) ?? t('settings.profile.username_hint')}
        disabled={!allow.username}
        autoComplete="username"
      />

      <fieldset className="settings-fieldset" disabled={!allow.avatar} aria-describedby={errors.avatar ? 'avatar_error' : undefined}>
        <legend>{t('settings.profile.avatar')}</legend>
        <div className="avatar-choice">
          <span role="img" aria-label={t('settings.profile.avatar_preview')} className="avatar-preview">
            <UserAvatar
              key={previewUrl}
              user={{ avatar: previewUrl, display_name: v.display_name || user?.display_name || '?' }}
              size={96}
            />
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
                  onChange={() => set('avatarType', type)}
                />
                <label htmlFor={`avatar_${type}`}>{t(`settings.profile.avatar_${type}`)}</label>
              </div>
            ))}
            <p className="muted small avatar-note">
              {v.avatarType === 'system' && t('settings.profile.avatar_system_text')}
              {v.avatarType === 'gravatar' && (
                <>
                  {t('settings.profile.avatar_gravatar_text')}{' '}
                  <a href="https://gravatar.com" target="_blank" rel="noreferrer noopener">
                    gravatar.com
                  </a>
                </>
              )}
              {v.avatarType === 'custom' && t('settings.profile.avatar_custom_text', { mb: LIMITS.uploadBytes / 1024 / 1024 })}
            </p>
            {v.avatarType === 'custom' && (
              <div>
                <Button
                  type="button"
                  id="avatar_custom"
                  outlined
                  size="small"
                  icon="upload"
                  loading={uploading}
                  label={
                    uploading
                      ? t('settings.profile.avatar_uploading')
                      : v.avatarCustom
                        ? t('settings.profile.avatar_change')
                        : t('settings.profile.avatar_upload')
                  }
                  onClick={() => void picker.pick()}
                />
                <input {...picker.inputProps} aria-label={t('settings.profile.avatar_upload')} data-testid="avatar-file" />
              </div>
            )}
          </div>
        </div>
        {!allow.avatar && <small className="field-hint">{t('settings.profile.locked')}</small>}
        {errors.avatar && (
          <small id="avatar_error" className="field-error" role="alert">
            {errors.avatar}
          </small>
        )}
      </fieldset>

      <TextField
        id="bio"
        label={t('settings.profile.bio')}
        value={v.bio}
        onChange={(x) => set('bio', x)}
        error={errors.bio}
        hint={locked(allow.bio) ?? t('settings.profile.bio_hint')}
        disabled={!allow.bio}
        multiline={5}
      />
      <TextField
        id="website"
        label={t('settings.profile.website')}
        type="url"
        value={v.website}
        onChange={(x) => set('website', x)}
        error={errors.website}
        hint={locked(allow.website)}
        placeholder={t('settings.profile.website_placeholder')}
        disabled={!allow.website}
        autoComplete="url"
      />
      <TextField
        id="location"
        label={t('settings.profile.location')}
        value={v.location}
        onChange={(x) => set('location', x)}
        error={errors.location}
        hint={locked(allow.location)}
        placeholder={t('settings.profile.location_placeholder')}
        disabled={!allow.location}
      />
      <div className="form-buttons">
        <Button type="submit" label={t('settings.save')} loading={busy} disabled={uploading} />
        {user && <Link to={to.user(user.username)}>{t('settings.profile.view_profile')}</Link>}
      </div>
    </form>
  );
}
