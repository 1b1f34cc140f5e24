import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ProgressSpinner } from '../../../components/ui';
import { useAdminPlugins } from '../../../api/admin/plugins-query';
import type { AdminPlugin } from '../../../api/admin/types';
import { usePluginSwitch } from '../../../api/admin-settings/plugins-query';
import { to } from '../../../app/paths';
import { useFeedback } from '../../../components/Feedback';
import { useDelayed } from '../../../hooks/useDelayed';
import { usePageTitle } from '../../../hooks/usePageTitle';
import '../Settings/admin-settings.css';

function PluginRow({ plugin }: { plugin: AdminPlugin }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const toggle = usePluginSwitch();
  const name = plugin.name || plugin.slug_name;
  const flip = () =>
    toggle.mutate(
      { plugin_slug_name: plugin.slug_name, enabled: !plugin.enabled },
      {
        onSuccess: () =>
          feedback.toast(
            'success',
            t(plugin.enabled ? 'admin_settings.plugins.switched_off' : 'admin_settings.plugins.switched_on', { name }),
          ),
        onError: (err) => feedback.toast('error', err instanceof Error ? err.message : t('error.generic')),
      },
    );
  return (
    <tr>
      <td>
        <strong>{plugin.link ? <a href={plugin.link}>{name}</a> : name}</strong>
        <div className="muted small">{plugin.description}</div>
      </td>
      <td>{plugin.version}</td>
      <td>
        <span className={plugin.enabled ? 'admin-plugin-state on' : 'admin-plugin-state'}>
          {plugin.enabled ? t('admin_settings.plugins.enabled') : t('admin_settings.plugins.disabled')}
        </span>
      </td>
      <td className="admin-plugin-actions">
        <Button
          type="button"
          size="small"
          outlined
          severity={plugin.enabled ? 'secondary' : undefined}
          loading={toggle.isPending}
          label={plugin.enabled ? t('admin_settings.plugins.disable') : t('admin_settings.plugins.enable')}
          aria-label={t(plugin.enabled ? 'admin_settings.plugins.disable_named' : 'admin_settings.plugins.enable_named', { name })}
          onClick={flip}
        />
        {plugin.have_config && (
          <Link
            to={to.adminPlugin(plugin.slug_name)}
            className="admin-link-button"
            aria-label={t('admin_settings.plugins.settings_named', { name })}
          >
            {t('admin_settings.plugins.settings')}
          </Link>
        )}
      </td>
    </tr>
  );
}

/** /admin/installed-plugins: every plugin with its version and state, switched on or off here. */
export default function InstalledPluginsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin_settings.plugins.title'));
  const list = useAdminPlugins();
  const slow = useDelayed(list.isPending);
  return (
    <article className="card admin-settings" aria-labelledby="plugins-title">
      <h1 id="plugins-title">{t('admin_settings.plugins.title')}</h1>
      <p className="muted">{t('admin_settings.plugins.intro')}</p>
      {list.data ? (
        list.data.length ? (
          <table className="admin-plugin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin_settings.plugins.name')}</th>
                <th scope="col">{t('admin_settings.plugins.version')}</th>
                <th scope="col">{t('admin_settings.plugins.status')}</th>
                <th scope="col">{t('admin_settings.plugins.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((p) => (
                <PluginRow key={p.slug_name} plugin={p} />
              ))}
            </tbody>
          </table>
        ) : (
          <p className="muted">{t('admin_settings.plugins.empty')}</p>
        )
      ) : list.isError ? (
        <p role="alert">{t('admin_settings.load_failed')}</p>
      ) : slow ? (
        <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('admin_settings.loading')} />
      ) : null}
    </article>
  );
}
