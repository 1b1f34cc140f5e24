import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteApiKey } from '../../api/api-key/api-key-mutations';
import { useApiKeys } from '../../api/api-key/api-keys-query';
import type { ApiKeyOwner } from '../../api/api-key/keys';
import type { ApiKeyInfo } from '../../api/api-key/types';
import { useFeedback } from '../Feedback';
import { TimeAgo } from '../TimeAgo';
import { Button } from '../ui';
import { ApiKeyCreatedDialog } from './ApiKeyCreatedDialog';
import { ApiKeyFormDialog } from './ApiKeyFormDialog';
import './api-keys.css';

function KeyRow({ k, onEdit, onDelete }: { k: ApiKeyInfo; onEdit(): void; onDelete(): void }) {
  const { t } = useTranslation();
  return (
    <tr data-api-key={k.id}>
      <th scope="row" className="api-key-description">
        {k.description}
      </th>
      <td data-label={t('api_keys.col_key')}>
        <code className="api-key-masked">{k.access_key}</code>
      </td>
      <td data-label={t('api_keys.col_scope')}>{t(`api_keys.scope.${k.scope}`)}</td>
      <td data-label={t('api_keys.col_created')}>
        <TimeAgo seconds={k.created_at} />
      </td>
      <td data-label={t('api_keys.col_last_used')}>
        {k.last_used_at > 0 ? <TimeAgo seconds={k.last_used_at} /> : t('api_keys.never_used')}
      </td>
      <td className="api-key-actions">
        <Button
          type="button"
          size="small"
          text
          icon="edit"
          label={t('api_keys.edit')}
          aria-label={t('api_keys.edit_name', { name: k.description })}
          onClick={onEdit}
        />
        <Button
          type="button"
          size="small"
          text
          severity="danger"
          icon="trash"
          label={t('api_keys.delete')}
          aria-label={t('api_keys.delete_name', { name: k.description })}
          onClick={onDelete}
        />
      </td>
    </tr>
  );
}

/**
 * The API keys of an owner (Admin → API keys, or the member's settings): the list with masked keys,
 * scope, created and last-used times; add (the key shown once), edit the description, delete.
 */
export function ApiKeysPanel({ owner }: { owner: ApiKeyOwner }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const keys = useApiKeys(owner);
  const remove = useDeleteApiKey(owner);
  const [form, setForm] = useState<{ editing?: ApiKeyInfo } | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const list = keys.data ?? [];
  const confirmDelete = (k: ApiKeyInfo) => {
    if (!window.confirm(t('api_keys.delete_confirm', { name: k.description }))) return;
    remove.mutate(k.id, { onSuccess: () => feedback.toast('success', t('api_keys.deleted')) });
  };
  return (
    <div className="api-keys-panel">
      <p className="muted api-keys-intro">{owner === 'admin' ? t('api_keys.intro_admin') : t('api_keys.intro_personal')}</p>
      <div>
        <Button type="button" icon="plus" label={t('api_keys.add')} onClick={() => setForm({})} />
      </div>
      {keys.isSuccess && list.length === 0 && <p className="api-keys-empty">{t('api_keys.empty')}</p>}
      {list.length > 0 && (
        <table className="api-keys-table" aria-label={t('api_keys.list_label')}>
          <thead>
            <tr>
              <th scope="col">{t('api_keys.col_description')}</th>
              <th scope="col">{t('api_keys.col_key')}</th>
              <th scope="col">{t('api_keys.col_scope')}</th>
              <th scope="col">{t('api_keys.col_created')}</th>
              <th scope="col">{t('api_keys.col_last_used')}</th>
              <th scope="col">{t('api_keys.col_actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((k) => (
              <KeyRow key={k.id} k={k} onEdit={() => setForm({ editing: k })} onDelete={() => confirmDelete(k)} />
            ))}
          </tbody>
        </table>
      )}
      <ApiKeyFormDialog
        owner={owner}
        editing={form?.editing}
        visible={form !== null}
        onHide={() => setForm(null)}
        onCreated={(key) => {
          setForm(null);
          setCreated(key);
        }}
      />
      <ApiKeyCreatedDialog accessKey={created} onHide={() => setCreated(null)} />
    </div>
  );
}
