import { useTranslation } from 'react-i18next';
import { useSetting } from '../../../api/admin-settings/settings-query';
import type { AdminSettings } from '../../../api/admin-settings/types';
import { SettingsForm, SettingsScreen, TextArea, useGroupForm } from '../Settings/form';
import { checkCssHtml } from '../Settings/validation';

type CssHtml = AdminSettings['custom-css-html'];
const KEYS = ['custom_css', 'custom_head', 'custom_header', 'custom_footer', 'custom_sidebar'] as const;

function CssHtmlForm({ data }: { data: CssHtml }) {
  const { t } = useTranslation();
  const labels = Object.fromEntries(KEYS.map((k) => [k, t(`admin_settings.css_html.${k}`)]));
  const initial = Object.fromEntries(KEYS.map((k) => [k, data[k] ?? ''])) as CssHtml;
  const form = useGroupForm('custom-css-html', initial, { check: (v) => checkCssHtml(t, { ...v }, labels), toBody: (v) => v });
  const { values: v, set, errors: e } = form;
  return (
    <SettingsForm form={form}>
      {KEYS.map((k) => (
        <TextArea
          key={k}
          id={k}
          label={labels[k]}
          rows={k === 'custom_css' ? 10 : 5}
          code
          value={v[k]}
          onChange={(x) => set(k, x)}
          error={e[k]}
          hint={t(`admin_settings.css_html.${k}_hint`)}
        />
      ))}
    </SettingsForm>
  );
}

/** /admin/css-html: custom CSS, head, header, footer and sidebar HTML. */
export default function CssHtmlPage() {
  const { t } = useTranslation();
  const query = useSetting('custom-css-html');
  return (
    <SettingsScreen title={t('admin_settings.css_html.title')} intro={t('admin_settings.css_html.intro')} query={query}>
      {(data) => <CssHtmlForm data={data} />}
    </SettingsScreen>
  );
}
