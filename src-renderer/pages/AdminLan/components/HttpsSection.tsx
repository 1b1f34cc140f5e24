import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, RadioButton } from '../../../components/ui';
import type { LanTlsChoice } from '../../../api/admin/lan-switch-mutation';
import type { LanStatus } from '../../../api/admin/types';
import { Field } from '../../../components/Field';
import type { LanPage } from '../useLanPage';

const TLS_CHOICES = [
  ['off', 'lan.https_choice_off'],
  ['self-signed', 'lan.https_choice_self'],
  ['files', 'lan.https_choice_files'],
] as const;

/** The certificate browsers are shown: its fingerprint for a colleague to compare, what it names, until when. */
function CertificateInfo({ tls }: { tls: NonNullable<LanStatus['tls']> }) {
  const { t } = useTranslation();
  return (
    <div className="lan-cert">
      <p>{tls.mode === 'self-signed' ? t('lan.https_self_signed') : t('lan.https_files')}</p>
      <p>
        <span id="lan-fingerprint-label">{t('lan.fingerprint')}</span>
        <br />
        <code className="lan-fingerprint" aria-labelledby="lan-fingerprint-label">
          {tls.fingerprint}
        </code>
      </p>
      <p className="field-hint">{t('lan.cert_names', { names: tls.names.join(', ') })}</p>
      <p className="field-hint">{t('lan.cert_until', { date: new Date(tls.not_after).toLocaleDateString() })}</p>
      {tls.mode === 'files' && <p className="field-hint">{t('lan.cert_files', { cert: tls.cert_file, key: tls.key_file })}</p>}
    </div>
  );
}

/** The desktop app's HTTPS choice: off, self-signed, or the team's PEM files; applying it restarts the server. */
function HttpsForm({ s, lan }: { s: LanStatus; lan: LanPage }) {
  const { t } = useTranslation();
  const [tlsChoice, setTlsChoice] = useState<LanTlsChoice | null>(null);
  const [tlsCert, setTlsCert] = useState<string | null>(null);
  const [tlsKey, setTlsKey] = useState<string | null>(null);
  const currentTls: LanTlsChoice = s.tls ? (s.tls.mode === 'files' ? 'files' : 'self-signed') : 'off';
  const shownTls = tlsChoice ?? currentTls;
  const shownCert = tlsCert ?? (s.tls?.mode === 'files' ? s.tls.cert_file : '');
  const shownKey = tlsKey ?? (s.tls?.mode === 'files' ? s.tls.key_file : '');

  /** Asks the desktop app to restart the server with this HTTPS choice (and the LAN setting as it is). */
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const scheme = shownTls === 'off' ? 'http' : 'https';
    void lan.apply(
      {
        enabled: s.enabled,
        port: s.enabled ? s.port : Number(lan.shownPort) || 9080,
        tls: shownTls,
        ...(shownTls === 'files' ? { tls_cert: shownCert, tls_key: shownKey } : {}),
      },
      t('lan.restarting', { url: `${scheme}://127.0.0.1:${s.port}/admin/lan` }),
    );
  };

  return (
    <form onSubmit={submit} noValidate className="stack">
      <fieldset className="admin-choices">
        <legend className="sr-only">{t('lan.https')}</legend>
        {TLS_CHOICES.map(([value, label]) => (
          <div key={value} className="admin-choice">
            <RadioButton
              inputId={`tls-${value}`}
              name="tls"
              value={value}
              checked={shownTls === value}
              onChange={() => setTlsChoice(value)}
            />
            <label htmlFor={`tls-${value}`}>{t(label)}</label>
          </div>
        ))}
      </fieldset>
      {shownTls === 'files' && (
        <>
          <Field
            id="tls_cert"
            label={t('lan.tls_cert')}
            value={shownCert}
            onChange={setTlsCert}
            error={lan.errors.tls_cert}
            placeholder="/etc/ssl/lantern/cert.pem"
          />
          <Field
            id="tls_key"
            label={t('lan.tls_key')}
            value={shownKey}
            onChange={setTlsKey}
            error={lan.errors.tls_key}
            placeholder="/etc/ssl/lantern/key.pem"
          />
        </>
      )}
      <div>
        <Button
          type="submit"
          label={t('lan.apply_https')}
          severity="secondary"
          disabled={shownTls === currentTls && shownTls !== 'files'}
          loading={lan.change.isPending}
        />
      </div>
    </form>
  );
}

/** The HTTPS section: the certificate served, and how to change it (the form in the desktop app, the flags otherwise). */
export function HttpsSection({ s, lan }: { s: LanStatus; lan: LanPage }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="lan-https" className="lan-https">
      <h2 id="lan-https">{t('lan.https')}</h2>
      {s.tls ? <CertificateInfo tls={s.tls} /> : <p>{t('lan.https_off')}</p>}
      {s.managed && !lan.restarting && <HttpsForm s={s} lan={lan} />}
      {!s.managed && (
        <p className="field-hint">
          {t('lan.https_command')} <code className="lan-command">--tls self-signed</code> /{' '}
          <code className="lan-command">--tls-cert FILE --tls-key FILE</code>
        </p>
      )}
    </section>
  );
}
