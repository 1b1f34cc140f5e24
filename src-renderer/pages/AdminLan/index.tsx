import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanStatus } from '../../api/admin/lan-query';
import { useLanSwitch } from '../../api/admin/lan-switch-mutation';
import { ApiError, fieldMap } from '../../api/errors';
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

/** /admin/lan: switch LAN hosting on or off and show the addresses with QR codes. */
export default function AdminLanPage() {
  const { t } = useTranslation();
  usePageTitle(t('page_title.admin_lan'));
  const status = useLanStatus();
  const change = useLanSwitch();
  const feedback = useFeedback();
  const showSpinner = useDelayed(status.isLoading);
  const [port, setPort] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [restarting, setRestarting] = useState<string | null>(null);
  const s = status.data;
  const shownPort = port ?? String(s?.enabled ? s.port : 9080);

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
      if (r.restarting) setRestarting(enabled ? t('lan.restarting', { url: `http://127.0.0.1:${n}/admin/lan` }) : t('lan.stopping'));
      else void status.refetch();
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) setErrors(fieldMap(err));
      else feedback.toast('error', err instanceof Error ? err.message : t('error.generic'));
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
          {s.enabled && (
            <section aria-labelledby="lan-addresses">
              <h2 id="lan-addresses">{t('lan.addresses')}</h2>
              {s.addresses.length === 0 && <p>{t('lan.no_address')}</p>}
              <ul className="lan-addresses">
                {s.addresses.map((a) => (
                  <li key={a.url}>
                    <QrImage svg={a.qr_svg} label={t('lan.scan', { url: a.url })} />
                    <a href={a.url}>{a.url}</a>
                  </li>
                ))}
              </ul>
            </section>
          )}
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
