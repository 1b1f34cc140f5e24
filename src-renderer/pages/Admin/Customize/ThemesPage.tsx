import { useTranslation } from 'react-i18next';
import { InputText } from '../../../components/ui';
import { useSetting } from '../../../api/admin-settings/settings-query';
import type { AdminSettings } from '../../../api/admin-settings/types';
import { FieldFoot, Radios, Select, SettingsForm, SettingsScreen, useGroupForm } from '../Settings/form';
import { checkColor } from '../Settings/validation';

type Theme = AdminSettings['theme'];
type Scheme = 'default' | 'system' | 'light' | 'dark';
type Navbar = 'colored' | 'light';
const DEFAULT_PRIMARY = '#0033ff';

interface Values {
  theme: string;
  color_scheme: Scheme;
  navbar_style: Navbar;
  primary_color: string;
}

/** The navbar style as stored: 'light', else coloured (the reference's default stores a colour there). */
const navbarOf = (stored: string | undefined): Navbar => (stored === 'light' ? 'light' : 'colored');

type ThemeData = Theme & { theme_options?: { label: string; value: string }[] };

/** The form over the stored group: the chosen theme's navbar style and colour, and the body a save sends (other themes' settings kept). */
function useThemesForm(data: ThemeData) {
  const { t } = useTranslation();
  const theme = data.theme || 'default';
  const config = data.theme_config?.[theme] ?? {};
  const scheme = (['default', 'system', 'light', 'dark'] as const).find((s) => s === data.color_scheme) ?? 'default';
  const initial: Values = {
    theme,
    color_scheme: scheme,
    navbar_style: navbarOf(config.navbar_style),
    primary_color: config.primary_color || DEFAULT_PRIMARY,
  };
  return useGroupForm('theme', initial, {
    check: (v) => checkColor(t, v.primary_color),
    toBody: (v) => ({
      theme: v.theme,
      color_scheme: v.color_scheme,
      theme_config: {
        ...data.theme_config,
        [v.theme]: { navbar_style: v.navbar_style, primary_color: v.primary_color.trim().toLowerCase() },
      },
    }),
  });
}

/** The primary colour: a colour picker and the hex text side by side, and a reset to the default. */
function PrimaryColorField({
  value,
  colorOk,
  error,
  onChange,
}: {
  value: string;
  colorOk: boolean;
  error?: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor="primary_color">{t('admin_settings.themes.primary')}</label>
      <div className="admin-color">
        <input
          type="color"
          aria-label={t('admin_settings.themes.primary_picker')}
          value={colorOk ? value.trim() : DEFAULT_PRIMARY}
          onChange={(ev) => onChange(ev.target.value)}
        />
        <InputText
          id="primary_color"
          value={value}
          onChange={(ev) => onChange(ev.target.value)}
          invalid={!!error}
          aria-invalid={!!error}
          aria-describedby={error ? 'primary_color_error' : 'primary_color_hint'}
        />
        <button type="button" className="admin-link-button" onClick={() => onChange(DEFAULT_PRIMARY)}>
          {t('admin_settings.themes.reset')}
        </button>
      </div>
      <FieldFoot id="primary_color" hint={t('admin_settings.themes.primary_hint')} error={error} />
    </div>
  );
}

/** A navigation bar drawn as the chosen style and colour would draw it (decorative). */
function ThemePreview({ navbar, color }: { navbar: Navbar; color: string | null }) {
  const { t } = useTranslation();
  return (
    <div
      className={`admin-theme-preview ${navbar}`}
      style={navbar === 'colored' && color ? { background: color } : undefined}
      aria-hidden="true"
    >
      <strong>{t('admin_settings.themes.preview')}</strong>
      <span style={navbar === 'light' && color ? { color } : undefined}>{t('nav.questions')}</span>
    </div>
  );
}

function ThemesForm({ data }: { data: ThemeData }) {
  const { t } = useTranslation();
  const form = useThemesForm(data);
  const { values: v, set, errors: e } = form;
  const options = data.theme_options?.length ? data.theme_options : [{ label: 'Default', value: 'default' }];
  const colorOk = /^#[0-9a-f]{6}$/i.test(v.primary_color.trim());
  return (
    <SettingsForm form={form}>
      <Select
        id="theme"
        label={t('admin_settings.themes.theme')}
        value={v.theme}
        options={options}
        onChange={(x) => set('theme', x)}
        error={e.theme}
      />
      <Radios<Scheme>
        id="color_scheme"
        legend={t('admin_settings.themes.scheme')}
        value={v.color_scheme}
        onChange={(x) => set('color_scheme', x)}
        error={e.color_scheme}
        hint={t('admin_settings.themes.scheme_hint')}
        options={(['default', 'system', 'light', 'dark'] as const).map((s) => ({
          value: s,
          label: t(`admin_settings.themes.scheme_${s}`),
        }))}
      />
      <Radios<Navbar>
        id="navbar_style"
        legend={t('admin_settings.themes.navbar')}
        value={v.navbar_style}
        onChange={(x) => set('navbar_style', x)}
        options={[
          { value: 'colored', label: t('admin_settings.themes.navbar_colored') },
          { value: 'light', label: t('admin_settings.themes.navbar_light') },
        ]}
      />
      <PrimaryColorField value={v.primary_color} colorOk={colorOk} error={e.primary_color} onChange={(x) => set('primary_color', x)} />
      <ThemePreview navbar={v.navbar_style} color={colorOk ? v.primary_color.trim() : null} />
    </SettingsForm>
  );
}

/** /admin/themes: the site's colour scheme, navigation bar style and primary colour (default #0033ff), applied at once on save. */
export default function ThemesPage() {
  const { t } = useTranslation();
  const query = useSetting('theme');
  return (
    <SettingsScreen title={t('admin_settings.themes.title')} intro={t('admin_settings.themes.intro')} query={query}>
      {(data) => <ThemesForm data={data} />}
    </SettingsScreen>
  );
}
