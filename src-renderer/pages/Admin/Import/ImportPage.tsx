import { useTranslation } from 'react-i18next';
import { useImportStatus } from '../../../api/import/import-query';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { ImportForm } from './ImportForm';
import { StatusCard } from './ImportStatusCard';
import './import.css';

/**
 * /admin/import: upload a Stack Exchange dump (its XML files or a .zip of them) and import it while
 * the site serves; the upload's and the import's progress, then the summary.
 */
export default function ImportPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin_import.title'));
  const status = useImportStatus();
  const running = status.data?.state === 'running';

  return (
    <div className="admin-import">
      <h1>{t('admin_import.title')}</h1>
      <p className="muted import-intro">{t('admin_import.intro')}</p>
      <ImportForm running={running} />
      {status.data && <StatusCard status={status.data} />}
    </div>
  );
}
