import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui';
import { rethrowIfCaptcha } from '../../api/errors';
import { useFormError } from '../../hooks/useFormError';
import { replacePassword, requestEmailChange, requestPasswordReset } from '../../api/user/account-mutations';
import { paths } from '../../app/paths';
import { CaptchaDialog } from '../../components/CaptchaDialog';
import { Field } from '../../components/Field';
import { useFeedback } from '../../components/Feedback';
import { useCaptcha } from '../../hooks/useCaptcha';
import { usePageTitle } from '../../hooks/usePageTitle';
import { checkEmail, checkPassword, compact, type Errors } from '../../utils/validation';
import type { CaptchaAction } from '../../api/user/types';

/** A card that asks for one email address behind the captcha and confirms once sent. */
function EmailRequestCard(props: {
  captchaAction: CaptchaAction;
  title: string;
  intro: string;
  submitLabel: string;
  sentText: (email: string) => string;
  send: (body: { e_mail: string; captcha_id?: string; captcha_code?: string }) => Promise<unknown>;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const captcha = useCaptcha(props.captchaAction);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const showError = useFormError(setErrors);
  const [sent, setSent] = useState(false);
  usePageTitle(props.title);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = compact({ e_mail: checkEmail(t, email) });
    setErrors(local);
    if (Object.keys(local).length) return;
    await captcha.run(async (fields) => {
      try {
        await props.send({ e_mail: email.trim(), ...fields });
        setSent(true);
      } catch (err) {
        rethrowIfCaptcha(err);
        showError(err);
      }
    });
  };
  return (
    <section className="card auth-card" aria-labelledby="email-request-title">
      <h1 id="email-request-title">{props.title}</h1>
      {sent ? (
        <p role="status">{props.sentText(email.trim())}</p>
      ) : (
        <form onSubmit={submit} noValidate className="stack">
          <p>{props.intro}</p>
          <Field
            id="e_mail"
            label={t('form.email')}
            type="email"
            value={email}
            onChange={setEmail}
            error={errors.e_mail}
            autoComplete="email"
            autoFocus
          />
          <Button type="submit" label={props.submitLabel} />
        </form>
      )}
      {props.footer}
      <CaptchaDialog {...captcha.dialogProps} />
    </section>
  );
}

/** /users/account-recovery: asks for a reset link. */
export function AccountRecovery() {
  const { t } = useTranslation();
  return (
    <EmailRequestCard
      captchaAction="email"
      title={t('recovery.title')}
      intro={t('recovery.body')}
      submitLabel={t('recovery.submit')}
      sentText={(email) => t('recovery.sent', { email })}
      send={requestPasswordReset}
      footer={
        <p className="muted">
          <Link to={paths.login}>{t('recovery.back_login')}</Link>
        </p>
      }
    />
  );
}

/** /users/password-reset?code=: sets a new password. */
export function PasswordReset() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [pass, setPass] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const showFieldErrors = useFormError(setErrors, { show: false });
  usePageTitle(t('page_title.password_reset'));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = compact({ pass: checkPassword(t, pass), pass_again: pass !== again ? t('form.password_mismatch') : undefined });
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      await replacePassword({ code: params.get('code') ?? '', pass });
      feedback.toast('success', t('reset.done'));
      navigate(paths.login, { replace: true });
    } catch (err) {
      if (!Object.keys(showFieldErrors(err)).length) setErrors({ form: t('reset.invalid') });
    }
  };
  return (
    <section className="card auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('reset.title')}</h1>
      <form onSubmit={submit} noValidate className="stack">
        {errors.form && (
          <p className="field-error" role="alert">
            {errors.form}
          </p>
        )}
        <Field
          id="pass"
          label={t('form.new_password')}
          type="password"
          value={pass}
          onChange={setPass}
          error={errors.pass}
          autoComplete="new-password"
          autoFocus
        />
        <Field
          id="pass_again"
          label={t('form.confirm_password')}
          type="password"
          value={again}
          onChange={setAgain}
          error={errors.pass_again}
          autoComplete="new-password"
        />
        <Button type="submit" label={t('reset.submit')} />
      </form>
    </section>
  );
}

/** /users/change-email: a not-yet-activated user fixes their address. */
export function ChangeEmail() {
  const { t } = useTranslation();
  return (
    <EmailRequestCard
      captchaAction="edit_userinfo"
      title={t('change_email.title')}
      intro={t('change_email.body')}
      submitLabel={t('change_email.submit')}
      sentText={() => t('change_email.sent')}
      send={requestEmailChange}
    />
  );
}
