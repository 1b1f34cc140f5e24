import { useTranslation } from 'react-i18next';
import type { LanStatus } from '../../../api/admin/types';

/** The QR code the server drew (SVG text) shown as an image, so no markup reaches the page. */
function QrImage({ svg, label }: { svg: string; label: string }) {
  return (
    <img className="lan-qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={label} width={168} height={168} />
  );
}

/** Where colleagues reach the site while it is served on the LAN: the mDNS name and each address, with a QR code. */
export function LanAddresses({ s }: { s: LanStatus }) {
  const { t } = useTranslation();
  return (
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
  );
}
