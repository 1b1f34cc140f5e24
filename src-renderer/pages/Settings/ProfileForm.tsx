import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui';
import { updateUserInfo } from '../../api/user/settings-calls';
import type { AvatarChoice, CurrentUser } from '../../api/user/types';
import { to } from '../../app/paths';
import { useSession } from '../../app/session';
import { useFeedback } from '../../components/Feedback';
import type { Errors } from '../../utils/validation';
import { checkProfile, type ProfilePermissions, type ProfileValues } from './settings-validation';
import { useFormError } from '../../hooks/useFormError';
import { AvatarFieldset, useAvatarUpload } from './AvatarFieldset';
import { focusFirst, TextField } from './parts';

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

/** What PUT user/info is sent: the values trimmed, the avatar's address for its type. */
function profileBody(v: ProfileValues, gravatar: string) {
  return {
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

/** The profile form's state: values, errors, the avatar upload and the save (PUT user/info, then the session refreshed). */
function useProfileForm() {
  const { t } = useTranslation();
  const { site, user, refreshUser } = useSession();
  const feedback = useFeedback();
  const allow = profilePermissions(site.site_users);
  const [v, setV] = useState<ProfileValues>(() => initialValues(user!, site.site_users.default_avatar));
  const [errors, setErrors] = useState<Errors>({});
  // other failures: the app's error policy shows them
  const showError = useFormError(setErrors, { focus: true, show: false });
  const [busy, setBusy] = useState(false);
  const gravatarBase = (site.site_users as SiteUsers).gravatar_base_url || 'https://www.gravatar.com/avatar/';
  const gravatar = useGravatar(gravatarBase, user?.e_mail ?? '');

  const set = <K extends keyof ProfileValues>(k: K, value: ProfileValues[K]) => {
    setV((old) => ({ ...old, [k]: value }));
    const field = k === 'avatarType' || k === 'avatarCustom' ? 'avatar' : k;
    if (errors[field]) setErrors(({ [field]: _drop, ...rest }) => rest);
  };

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
      await updateUserInfo(profileBody(v, gravatar));
      await refreshUser(true);
      feedback.toast('success', t('settings.update_success'));
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  return { t, user, allow, v, set, errors, busy, gravatar, submit, upload: useAvatarUpload(setV, setErrors) };
}

/** The profile tab: display name, username, avatar, bio, website and location. */
export function ProfileForm() {
  const { t, user, allow, v, set, errors, busy, gravatar, submit, upload } = useProfileForm();
  const locked = (ok: boolean) => (ok ? undefined : t('settings.profile.locked'));
  const textProps = (k: 'display_name' | 'username' | 'bio' | 'website' | 'location', label: string) => ({
    id: k,
    label,
    value: v[k],
    onChange: (x: string) => set(k, x),
    error: errors[k],
    disabled: !allow[k],
  });
  const previewUrl = v.avatarType === 'custom' ? v.avatarCustom : v.avatarType === 'gravatar' ? gravatar : '';

  return (
    <form onSubmit={submit} noValidate className="stack settings-form" aria-labelledby="settings-heading">
      <TextField
        {...textProps('display_name', t('settings.profile.display_name'))}
        hint={locked(allow.display_name) ?? t('settings.profile.display_name_hint')}
        autoComplete="nickname"
      />
      <TextField
        {...textProps('username', t('settings.profile.username'))}
        hint={locked(allow.username) ?? t('settings.profile.username_hint')}
        autoComplete="username"
      />

      <AvatarFieldset
        v={v}
        fallbackName={user?.display_name || '?'}
        previewUrl={previewUrl}
        allowed={allow.avatar}
        error={errors.avatar}
        onType={(type) => set('avatarType', type)}
        upload={upload}
      />

      <TextField
        {...textProps('bio', t('settings.profile.bio'))}
        hint={locked(allow.bio) ?? t('settings.profile.bio_hint')}
        multiline={5}
      />
      <TextField
        {...textProps('website', t('settings.profile.website'))}
        type="url"
        hint={locked(allow.website)}
        placeholder={t('settings.profile.website_placeholder')}
        autoComplete="url"
      />
      <TextField
        {...textProps('location', t('settings.profile.location'))}
        hint={locked(allow.location)}
        placeholder={t('settings.profile.location_placeholder')}
      />
      <div className="form-buttons">
        <Button type="submit" label={t('settings.save')} loading={busy} disabled={upload.uploading} />
        {user && <Link to={to.user(user.username)}>{t('settings.profile.view_profile')}</Link>}
      </div>
    </form>
  );
}
