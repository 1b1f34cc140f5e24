import { useTranslation } from 'react-i18next';
import { InputText, InputTextarea } from '../../../components/ui';
import type { ReasonTextKind } from './reason-checks';

/** The text a chosen reason asks for: a duplicate's URL (with its hint), a remark or the close message. */
export function ReasonTextField({
  id,
  kind,
  value,
  onChange,
  placeholder,
  error,
}: {
  id: string;
  kind: Exclude<ReasonTextKind, ''>;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const label = kind === 'url' ? t('qa.dup_url_label') : kind === 'remark' ? t('qa.remark_label') : t('qa.close_msg_label');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {kind === 'url' ? (
        <InputText
          id={id}
          type="url"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          invalid={!!error}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
      ) : (
        <InputTextarea
          id={id}
          rows={3}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          invalid={!!error}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      )}
      {error ? (
        <small id={`${id}-error`} className="field-error" role="alert">
          {error}
        </small>
      ) : (
        kind === 'url' && (
          <small id={`${id}-hint`} className="field-hint">
            {t('qa.dup_url_hint')}
          </small>
        )
      )}
    </div>
  );
}
