import type { ReactNode } from 'react';
import type { CaptchaFields } from '../../../api/user/types';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rethrowIfCaptcha } from '../../../api/errors';
import { useCaptcha } from '../../../hooks/useCaptcha';
import { useFormError } from '../../../hooks/useFormError';
import type { Errors } from '../../../utils/validation';
import { checkQuestion, type QuestionFields } from './question-rules';

/** Props of the question form. */
export interface QuestionFormProps {
  initial: QuestionFields;
  /** 'question' when asking, 'edit' when editing (the captcha action). */
  action: 'question' | 'edit';
  submitLabel: string;
  withSummary?: boolean;
  /** Shown under the title (similar questions). */
  belowTitle?(title: string): ReactNode;
  onChange?(f: QuestionFields): void;
  onSubmit(f: QuestionFields, captcha: CaptchaFields): Promise<void>;
  busy: boolean;
  extraButtons?: ReactNode;
}

/**
 * The question form's fields and errors: `set` changes one field (telling `onChange`, clearing its
 * error); `submit` checks locally (focusing the first bad field), then sends behind the captcha.
 */
export function useQuestionForm({
  initial,
  action,
  onChange,
  onSubmit,
}: Pick<QuestionFormProps, 'initial' | 'action' | 'onChange' | 'onSubmit'>) {
  const { t } = useTranslation();
  const captcha = useCaptcha(action);
  const [f, setF] = useState<QuestionFields>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const showError = useFormError(setErrors);
  const set = <K extends keyof QuestionFields>(k: K, v: QuestionFields[K]) => {
    const next = { ...f, [k]: v };
    setF(next);
    onChange?.(next);
    if (errors[k]) setErrors(({ [k]: _drop, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = checkQuestion(t, f);
    setErrors(local);
    if (Object.keys(local).length) {
      document.getElementById(Object.keys(local)[0] === 'tags' ? 'tags' : Object.keys(local)[0])?.focus();
      return;
    }
    await captcha
      .run(async (fields) => {
        try {
          await onSubmit({ ...f, title: f.title.trim() }, fields);
        } catch (err) {
          rethrowIfCaptcha(err);
          showError(err);
        }
      })
      .catch(() => undefined);
  };

  return { f, errors, set, submit, captcha };
}
