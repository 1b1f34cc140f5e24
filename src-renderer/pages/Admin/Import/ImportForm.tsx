import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, InputText, Message, ProgressBar } from '../../../components/ui';
import { ApiError } from '../../../api/errors';
import { formFieldErrors } from '../../../hooks/useFormError';
import { useStartImport } from '../../../api/import/import-query';

/** The dump's files: the XML files or an archive of them, the names chosen, and the server's refusal. */
function FilesField({ files, onFiles, error }: { files: File[]; onFiles(files: File[]): void; error?: string }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor="import-files">{t('admin_import.files_label')}</label>
      <input
        id="import-files"
        name="files"
        type="file"
        multiple
        accept=".xml,.zip,.7z,application/xml,text/xml,application/zip"
        aria-invalid={!!error}
        aria-describedby={error ? 'import-files_hint import-files_error' : 'import-files_hint'}
        onChange={(e) => onFiles(Array.from(e.target.files ?? []))}
      />
      <small id="import-files_hint" className="field-hint">
        {files.length > 0
          ? t('admin_import.files_chosen', { count: files.length, names: files.map((f) => f.name).join(', ') })
          : t('admin_import.files_hint')}
      </small>
      {error && (
        <small id="import-files_error" className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

/** The site the dump came from, which its links name. */
function SiteField({ site, onSite, error }: { site: string; onSite(site: string): void; error?: string }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor="import-site">{t('admin_import.site_label')}</label>
      <InputText
        id="import-site"
        name="site"
        value={site}
        placeholder="coffee.stackexchange.com"
        autoComplete="off"
        onChange={(e) => onSite(e.target.value)}
        invalid={!!error}
        aria-invalid={!!error}
        aria-describedby={error ? 'import-site_hint import-site_error' : 'import-site_hint'}
      />
      <small id="import-site_hint" className="field-hint">
        {t('admin_import.site_hint')}
      </small>
      {error && (
        <small id="import-site_error" className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

/** The import's form: files, site, whether to fetch the posts' images; uploads them with its progress and starts the import. */
export function ImportForm({ running }: { running: boolean }) {
  const { t } = useTranslation();
  const start = useStartImport();
  const [files, setFiles] = useState<File[]>([]);
  const [site, setSite] = useState('');
  const [fetchImages, setFetchImages] = useState(false);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const errors = formFieldErrors(start.error);
  const general = start.error instanceof ApiError && !errors.files && !errors.site ? start.error.message : '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setUploaded(0);
    start.mutate({ files, site: site.trim(), fetchImages, onUpload: setUploaded }, { onSettled: () => setUploaded(null) });
  };

  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <FilesField files={files} onFiles={setFiles} error={errors.files} />
      <SiteField site={site} onSite={setSite} error={errors.site} />
      <div className="field field-checkbox">
        <Checkbox
          inputId="import-fetch-images"
          checked={fetchImages}
          onChange={(e) => setFetchImages(!!e.checked)}
          aria-describedby="import-fetch-images_hint"
        />
        <label htmlFor="import-fetch-images">{t('admin_import.fetch_images_label')}</label>
        <small id="import-fetch-images_hint" className="field-hint">
          {t('admin_import.fetch_images_hint')}
        </small>
      </div>
      {general && <Message severity="error" text={general} />}
      {uploaded !== null && <ProgressBar value={Math.round(uploaded * 100)} aria-label={t('admin_import.starting')} />}
      <div>
        <Button
          type="submit"
          label={start.isPending ? t('admin_import.starting') : t('admin_import.start')}
          icon="upload"
          disabled={start.isPending || running || files.length === 0}
        />
      </div>
    </form>
  );
}
