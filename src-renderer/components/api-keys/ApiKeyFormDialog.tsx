import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateApiKey, useUpdateApiKey } from '../../api/api-key/api-key-mutations';
import type { ApiKeyOwner } from '../../api/api-key/keys';
import { API_KEY_DESCRIPTION_MAX, API_KEY_SCOPES, type ApiKeyInfo, type ApiKeyScope } from '../../api/api-key/types';
import { ApiError } from '../../api/errors';
import { formFieldErrors } from '../../hooks/useFormError';
import { Field } from '../Field';
import { Button, Dialog, Message, RadioButton } from '../ui';

/**
 * Add or edit a key: a description and, for a new key, its scope (a key's scope is fixed once made,
 * as in Answer). `onCreated` gets the whole new key, shown once by the caller.
 */
export function ApiKeyFormDialog({
  owner,
  editing,
  visible,
  onHide,
  onCreated,
}: {
  owner: ApiKeyOwner;
  /** the key being edited; undefined to add one */
  editing?: ApiKeyInfo;
  visible: boolean;
  onHide(): void;
  onCreated(accessKey: string): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      header={editing ? t('api_keys.form_edit_title') : t('api_keys.form_add_title')}
      visible={visible}
      onHide={onHide}
      style={{ width: 'min(34rem, 94vw)' }}
      className="api-key-dialog"
      blockScroll
    >
      {visible && <KeyForm key={editing?.id ?? 'new'} owner={owner} editing={editing} onHide={onHide} onCreated={onCreated} />}
    </Dialog>
  );
}

function KeyForm({
  owner,
  editing,
  onHide,
  onCreated,
}: {
  owner: ApiKeyOwner;
  editing?: ApiKeyInfo;
  onHide(): void;
  onCreated(accessKey: string): void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiKey(owner);
  const update = useUpdateApiKey(owner);
  const [description, setDescription] = useState(editing?.description ?? '');
  const [scope, setScope] = useState<ApiKeyScope>(editing?.scope ?? 'read-only');
  const busy = create.isPending || update.isPending;
  const error = editing ? update.error : create.error;
  const errors = formFieldErrors(error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (editing) update.mutate({ id: editing.id, description }, { onSuccess: onHide });
    else create.mutate({ description, scope }, { onSuccess: (r) => onCreated(r.access_key) });
  };
  return (
    <form className="stack api-key-form" onSubmit={submit} noValidate>
      <Field
        id="api_key_description"
        label={t('api_keys.description')}
        value={description}
        onChange={setDescription}
        error={errors.description}
        hint={t('api_keys.description_hint', { max: API_KEY_DESCRIPTION_MAX })}
        autoFocus
      />
      {!editing && (
        <fieldset className="api-key-scopes">
          <legend>{t('api_keys.scope_label')}</legend>
          {API_KEY_SCOPES.map((s) => (
            <div className="api-key-scope" key={s}>
              <RadioButton inputId={`api_key_scope_${s}`} name="scope" value={s} checked={scope === s} onChange={() => setScope(s)} />
              <label htmlFor={`api_key_scope_${s}`}>
                <strong>{t(`api_keys.scope.${s}`)}</strong>
                <span className="muted"> — {t(`api_keys.scope_hint.${s}`)}</span>
              </label>
            </div>
          ))}
          {errors.scope && (
            <small className="field-error" role="alert">
              {errors.scope}
            </small>
          )}
        </fieldset>
      )}
      {error instanceof ApiError && Object.keys(errors).length === 0 && <Message severity="error" text={error.message} />}
      <div className="form-buttons">
        <Button type="submit" label={editing ? t('api_keys.save') : t('api_keys.create')} loading={busy} />
        <Button type="button" link label={t('common.cancel')} onClick={onHide} />
      </div>
    </form>
  );
}
