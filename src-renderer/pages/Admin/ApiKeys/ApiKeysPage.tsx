import { useTranslation } from 'react-i18next';
import { ApiKeysPanel } from '../../../components/api-keys/ApiKeysPanel';
import { usePageTitle } from '../../../hooks/usePageTitle';

/** /admin/api-keys: Answer 2.0's API keys (read-only or global, acting as the admin who makes them). */
export default function ApiKeysPage() {
  const { t } = useTranslation();
  usePageTitle(t('api_keys.title'));
  return (
    <div className="admin-api-keys">
      <h1>{t('api_keys.title')}</h1>
      <ApiKeysPanel owner="admin" />
    </div>
  );
}
