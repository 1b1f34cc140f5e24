import { useTranslation } from 'react-i18next';
import { useSetting } from '../../../api/admin-settings/settings-query';
import type { AdminSettings } from '../../../api/admin-settings/types';
import { Radios, SettingsForm, SettingsScreen, TextArea, useGroupForm } from './form';
import { checkSeo } from './validation';

function SeoForm({ data }: { data: AdminSettings['seo'] }) {
  const { t } = useTranslation();
  const initial = { permalink: [1, 2, 3, 4].includes(data.permalink) ? data.permalink : 2, robots: data.robots ?? '' };
  const form = useGroupForm('seo', initial, { check: (v) => checkSeo(t, v.robots), toBody: (v) => v });
  const { values: v, set, errors: e } = form;
  return (
    <SettingsForm form={form}>
      <Radios<number>
        id="permalink"
        legend={t('admin_settings.seo.permalink')}
        value={v.permalink}
        onChange={(x) => set('permalink', x)}
        error={e.permalink}
        hint={t('admin_settings.seo.permalink_hint')}
        options={[1, 2, 3, 4].map((n) => ({ value: n, label: t(`admin_settings.seo.permalink_${n as 1 | 2 | 3 | 4}`) }))}
      />
      <TextArea
        id="robots"
        label={t('admin_settings.seo.robots')}
        rows={12}
        code
        value={v.robots}
        onChange={(x) => set('robots', x)}
        error={e.robots}
        hint={t('admin_settings.seo.robots_hint')}
      />
    </SettingsForm>
  );
}

/** /admin/seo: the permalink form of question links (1-4) and robots.txt. */
export default function SeoPage() {
  const { t } = useTranslation();
  const query = useSetting('seo');
  return (
    <SettingsScreen title={t('admin_settings.seo.title')} query={query}>
      {(data) => <SeoForm data={data} />}
    </SettingsScreen>
  );
}
