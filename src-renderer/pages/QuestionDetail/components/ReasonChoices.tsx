import { useTranslation } from 'react-i18next';
import type { ReasonItem } from '../../../api/reason/reason-query';
import { RadioButton } from '../../../components/ui';

/** The reasons to choose from, as radio buttons with their descriptions, and the error when none is chosen. */
export function ReasonChoices({
  idp,
  isClose,
  loading,
  list,
  chosen,
  onChoose,
  error,
}: {
  /** The id prefix of the dialog's fields (`<action>-<objectType>`). */
  idp: string;
  isClose: boolean;
  loading: boolean;
  list: ReasonItem[];
  chosen: number | undefined;
  onChoose(reasonType: number): void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className="reason-list" aria-describedby={error ? `${idp}-reason-error` : undefined}>
        <legend>{isClose ? t('qa.close_legend') : t('qa.report_legend')}</legend>
        {loading && <p className="muted">{t('qa.reasons_loading')}</p>}
        {list.map((r) => {
          const id = `${idp}-reason-${r.reason_type}`;
          return (
            <div key={r.reason_type} className="reason-item">
              <RadioButton
                inputId={id}
                name={`${idp}-reason`}
                value={r.reason_type}
                checked={chosen === r.reason_type}
                onChange={() => onChoose(r.reason_type)}
                aria-describedby={`${id}-desc`}
              />
              <label htmlFor={id}>
                <strong>{r.name}</strong>
                <span id={`${id}-desc`} className="muted small reason-desc">
                  {r.description}
                </span>
              </label>
            </div>
          );
        })}
      </fieldset>
      {error && (
        <small id={`${idp}-reason-error`} className="field-error" role="alert">
          {error}
        </small>
      )}
    </>
  );
}
