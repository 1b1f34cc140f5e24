import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { useUserPlugins } from '../../api/user/settings-calls';
import { to } from '../../app/paths';
import { ErrorPage } from '../../components/ErrorPage';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ApiKeysPanel } from '../../components/api-keys/ApiKeysPanel';
import { AccountTab } from './AccountForms';
import { InterfaceForm } from './InterfaceForm';
import { NotifyForm } from './NotifyForm';
import { PluginSettingsForm } from './PluginSettingsForm';
import { ProfileForm } from './ProfileForm';
import './settings.css';

const TABS = ['profile', 'notify', 'account', 'interface', 'api_keys'] as const;
type Tab = (typeof TABS)[number];
const isTab = (s: string): s is Tab => (TABS as readonly string[]).includes(s);

/** /users/settings and /users/settings/{tab}: profile, notifications, account, interface, API keys and plugin settings. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { tab = 'profile' } = useParams();
  const plugins = useUserPlugins();
  const pluginList = plugins.data ?? [];
  const plugin = isTab(tab) ? undefined : pluginList.find((p) => p.slug_name === tab);
  const waiting = !isTab(tab) && plugins.isPending;
  const slow = useDelayed(waiting);
  const heading = isTab(tab) ? t(`settings.tab.${tab}`) : plugin ? t('settings.plugin.heading', { name: plugin.name }) : '';
  usePageTitle(heading ? `${heading} - ${t('settings.title')}` : t('settings.title'));

  if (!isTab(tab) && !waiting && !plugin) return <ErrorPage kind={404} />;

  return (
    <div className="settings-page">
      <h1 className="settings-title">{t('settings.title')}</h1>
      <div className="settings-layout">
        <nav className="settings-menu" aria-label={t('settings.menu_label')}>
          <ul>
            {TABS.map((x) => (
              <li key={x}>
                {/* /users/settings is the profile tab too */}
                <NavLink
                  to={to.settings(x)}
                  className={({ isActive }) => (isActive || (x === 'profile' && tab === 'profile') ? 'active' : undefined)}
                  aria-current={x === tab ? 'page' : undefined}
                  end
                >
                  {t(`settings.tab.${x}`)}
                </NavLink>
              </li>
            ))}
            {pluginList.map((p) => (
              <li key={p.slug_name}>
                <NavLink to={to.settings(p.slug_name)} end>
                  {p.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className="card settings-panel" aria-labelledby="settings-heading">
          {waiting ? (
            slow && (
              <p className="muted" role="status">
                {t('settings.loading')}
              </p>
            )
          ) : (
            <>
              <h2 id="settings-heading">{heading}</h2>
              {tab === 'profile' && <ProfileForm />}
              {tab === 'notify' && <NotifyForm />}
              {tab === 'account' && <AccountTab />}
              {tab === 'interface' && <InterfaceForm />}
              {tab === 'api_keys' && <ApiKeysPanel owner="personal" />}
              {plugin && <PluginSettingsForm slug={plugin.slug_name} />}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
