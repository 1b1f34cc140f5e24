import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Message, ProgressSpinner, RadioButton } from '../../components/ui';
import { useLanStatus } from '../../api/admin/lan-query';
import { useApplyLanSiteUrl, useLanSwitch, type LanTlsChoice } from '../../api/admin/lan-switch-mutation';
import type { LanStatus } from '../../api/admin/types';
import { useFormError } from '../../hooks/useFormError';
import { Field } from '../../components/Field';
import { useFeedback } from '../../components/Feedback';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import type { Errors } from '../../utils/validation';

/** The QR code the server drew (SVG text) shown as an image, so no markup reaches the page. */
function QrImage({ svg, label }: { svg: string; label: string }) {
  return (
    <img className="lan-qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={label} width={168} height={168} />
  );
}

type Hint = LanStatus['hints'][number];

/** One hint of the server's, in the reader's language (the server's English sentence where no text is known). */
function HintMessage({ hint, managed, onApply, applying }: { hint: Hint; managed: boolean; onApply(): void; applying: boolean }) {
  const { t } = useTranslation();
  const text =
    hint.kind === 'loopback_only'
      ? t(managed ? 'lan.hint_loopback_only_desktop' : 'lan.hint_loopback_only', { host: hint.host })
      : hint.kind === 'firewall'
        ? t('lan.hint_firewall', { port: hint.port })
        : hint.kind === 'site_url'
          ? t('lan.hint_site_url', { site_url: hint.site_url, suggested: hint.suggested })
          : (hint as { message: string }).message;
  return (
    <Message
      severity={hint.kind === 'firewall' ? 'info' : 'warn'}
      className={`lan-hint lan-hint-${hint.kind}`}
      content={
        <span className="lan-hint-body">
          <span>{text}</span>
          {hint.kind === 'site_url' && (
            <Button
              type="button"
              size="small"
              label={t('lan.use_site_url', { url: hint.suggested })}
              onClick={onApply}
              loading={applying}
            />
          )}
        </span>
      }
    />
  );
}

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

/** /admin/lan: switch LAN hosting on or off and show the addresses with QR codes. */
export default function AdminLanPage() {
  const { t } = useTranslation();
  usePageTitle(t('page_title.admin_lan'));
  const status = useLanStatus();
  const change = useLanSwitch();
  const applySiteUrl = useApplyLanSiteUrl();
  const feedback = useFeedback();
  const showSpinner = useDelayed(status.isLoading);
  const [port, setPort] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const showError = useFormError(setErrors);
  const [restarting, setRestarting] = useState<string | null>(null);
  const s = status.data;
  const shownPort = port ?? String(s?.enabled ? s.port : 9080);
  const [tlsChoice, setTlsChoice] = useState<LanTlsChoice | null>(null);
  const [tlsCert, setTlsCert] = useState<string | null>(null);
  const [tlsKey, setTlsKey] = useState<string | null>(null);
  const currentTls: LanTlsChoice = s?.tls ? (s.tls.mode === 'files' ? 'files' : 'self-signed') : 'off';
  const shownTls = tlsChoice ?? currentTls;
  const shownCert = tlsCert ?? (s?.tls?.mode === 'files' ? s.tls.cert_file : '');
  const shownKey = tlsKey ?? (s?.tls?.mode === 'files' ? s.tls.key_file : '');
  const hints = s?.hints ?? [];

  const applySuggestedSiteUrl = async () => {
    try {
      const r = await applySiteUrl.mutateAsync();
      feedback.toast('success', t('lan.site_url_set', { url: r.site_url }));
      void status.refetch();
    } catch (err) {
      feedback.toast('error', err instanceof Error ? err.message : t('error.generic'));
    }
  };

  /** Asks the desktop app to restart the server with this HTTPS choice (and the LAN setting as it is). */
  const submitTls = async (e: FormEvent) => {
    e.preventDefault();
    if (!s) return;
    setErrors({});
    try {
      const r = await change.mutateAsync({
        enabled: s.enabled,
        port: s.enabled ? s.port : Number(shownPort) || 9080,
        tls: shownTls,
        ...(shownTls === 'files' ? { tls_cert: shownCert, tls_key: shownKey } : {}),
      });
      const scheme = shownTls === 'off' ? 'http' : 'https';
      if (r.restarting) setRestarting(t('lan.restarting', { url: `${scheme}://127.0.0.1:${s.port}/admin/lan` }));
      else void status.refetch();
    } catch (err) {
      showError(err);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!s) return;
    const enabled = !s.enabled;
    const n = Number(shownPort);
    if (enabled && (!Number.isInteger(n) || n < 1024 || n > 65535)) {
      setErrors({ port: t('lan.port_hint') });
      return;
    }
    setErrors({});
    try {
      const r = await change.mutateAsync({ enabled, port: enabled ? n : s.port });
      if (r.restarting)
        setRestarting(enabled ? t('lan.restarting', { url: `${s.scheme ?? 'http'}://127.0.0.1:${n}/admin/lan` }) : t('lan.stopping'));
      else void status.refetch();
    } catch (err) {
      showError(err);
    }
  };

  return (
    <article className="card admin-lan" aria-labelledby="lan-title">
      <h1 id="lan-title">{t('lan.title')}</h1>
      <p>{t('lan.intro')}</p>
      {showSpinner && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} />}
      {s && (
        <>
          <p role="status" className={s.enabled ? 'lan-state on' : 'lan-state'}>
            {s.enabled ? t('lan.state_on') : t('lan.state_off')}
          </p>
          <p>{t('lan.local', { url: s.local_url })}</p>
          {hints.length > 0 && (
            <section aria-labelledby="lan-hints" className="lan-hints stack">
              <h2 id="lan-hints">{t('lan.hints')}</h2>
              {hints.map((h) => (
                <HintMessage
                  key={h.kind}
                  hint={h}
                  managed={s.managed}
                  onApply={() => void applySuggestedSiteUrl()}
                  applying={applySiteUrl.isPending}
                />
              ))}
            </section>
          )}
          {s.enabled && (
            <section aria-labelledby="lan-addresses">
              <h2 id="lan-addresses">{t('lan.addresses')}</h2>
              {s.addresses.length === 0 && <p>{t('lan.no_address')}</p>}
              <ul className="lan-addresses">
                {/* the site's mDNS name (<site>.local), when it is advertised */}
                {s.local_name && (
                  <li key="by-name" className="lan-by-name">
                    <QrImage svg={s.local_name.qr_svg} label={t('lan.scan', { url: s.local_name.url })} />
                    <a href={s.local_name.url}>{s.local_name.url}</a>
                    <span className="field-hint">{t('lan.by_name')}</span>
                  </li>
                )}
                {s.addresses.map((a) => (
                  <li key={a.url}>
                    <QrImage svg={a.qr_svg} label={t('lan.scan', { url: a.url })} />
                    <a href={a.url}>{a.url}</a>
                  </li>
                ))}
              </ul>
              {/* what the phone's browser will show for the certificate, to compare before trusting it */}
              {s.tls && <p className="lan-qr-fingerprint field-hint">{t('lan.fingerprint_check', { fingerprint: s.tls.fingerprint })}</p>}
            </section>
          )}
          <section aria-labelledby="lan-https" className="lan-https">
            <h2 id="lan-https">{t('lan.https')}</h2>
            {s.tls ? <CertificateInfo tls={s.tls} /> : <p>{t('lan.https_off')}</p>}
            {s.managed && !restarting && (
              <form onSubmit={submitTls} noValidate className="stack">
                <fieldset className="admin-choices">
                  <legend className="sr-only">{t('lan.https')}</legend>
                  {(
                    [
                      ['off', 'lan.https_choice_off'],
                      ['self-signed', 'lan.https_choice_self'],
                      ['files', 'lan.https_choice_files'],
                    ] as const
                  ).map(([value, label]) => (
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
                      error={errors.tls_cert}
                      placeholder="/etc/ssl/lantern/cert.pem"
                    />
                    <Field
                      id="tls_key"
                      label={t('lan.tls_key')}
                      value={shownKey}
                      onChange={setTlsKey}
                      error={errors.tls_key}
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
                    loading={change.isPending}
                  />
                </div>
              </form>
            )}
            {!s.managed && (
              <p className="field-hint">
                {t('lan.https_command')} <code className="lan-command">--tls self-signed</code> /{' '}
                <code className="lan-command">--tls-cert FILE --tls-key FILE</code>
              </p>
            )}
          </section>
          {restarting ? (
            <Message severity="info" text={restarting} />
          ) : s.managed ? (
            <form onSubmit={submit} noValidate className="stack">
              {!s.enabled && (
                <Field id="port" label={t('lan.port')} value={shownPort} onChange={setPort} error={errors.port} hint={t('lan.port_hint')} />
              )}
              <div>
                <Button
                  type="submit"
                  label={s.enabled ? t('lan.turn_off') : t('lan.turn_on')}
                  severity={s.enabled ? 'secondary' : undefined}
                  loading={change.isPending}
                />
              </div>
            </form>
          ) : (
            // a command-line server cannot rebind itself: say how to change what it does now
            <Message
              severity="secondary"
              className="lan-advice"
              content={
                <span>
                  {s.enabled ? t('lan.not_desktop_on') : t('lan.not_desktop')}{' '}
                  <code className="lan-command">{s.enabled ? '--host 127.0.0.1' : '--host 0.0.0.0 --port <port>'}</code>
                </span>
              }
            />
          )}
        </>
      )}
    </article>
  );
}
