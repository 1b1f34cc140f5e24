import { useTranslation } from 'react-i18next';
import { ProgressSpinner } from '../../components/ui';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { HintMessage } from './components/HintMessage';
import { HttpsSection } from './components/HttpsSection';
import { LanAddresses } from './components/LanAddresses';
import { LanSwitch } from './components/LanSwitch';
import { useLanPage } from './useLanPage';

/** /admin/lan: switch LAN hosting on or off and show the addresses with QR codes. */
export default function AdminLanPage() {
  const { t } = useTranslation();
  usePageTitle(t('page_title.admin_lan'));
  const lan = useLanPage();
  const showSpinner = useDelayed(lan.status.isLoading);
  const s = lan.s;
  const hints = s?.hints ?? [];

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
                  onApply={() => void lan.applySuggestedSiteUrl()}
                  applying={lan.applySiteUrl.isPending}
                />
              ))}
            </section>
          )}
          {s.enabled && <LanAddresses s={s} />}
          <HttpsSection s={s} lan={lan} />
          <LanSwitch s={s} lan={lan} />
        </>
      )}
    </article>
  );
}
