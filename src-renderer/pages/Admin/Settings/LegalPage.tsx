import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSetting } from '../../../api/admin-settings/settings-query';
import type { AdminSettings } from '../../../api/admin-settings/types';
import { paths } from '../../../app/paths';
import { Radios, SettingsForm, SettingsScreen, TextArea, useGroupForm } from './form';

type Legal = AdminSettings['legal'];

function LegalForm({ data }: { data: Legal }) {
  const { t } = useTranslation();
  const initial: Legal = {
    terms_of_service_original_text: data.terms_of_service_original_text ?? '',
    privacy_policy_original_text: data.privacy_policy_original_text ?? '',
    external_content_display: data.external_content_display === 'ask_before_display' ? 'ask_before_display' : 'always_display',
  };
  const form = useGroupForm('legal', initial, { toBody: (v) => v });
  const { values: v, set, errors: e } = form;
  return (
    <SettingsForm form={form}>
      <TextArea
        id="terms_of_service_original_text"
        label={t('admin_settings.legal.tos')}
        rows={8}
        value={v.terms_of_service_original_text}
        onChange={(x) => set('terms_of_service_original_text', x)}
        error={e.terms_of_service_original_text}
        hint={
          <>
            {t('admin_settings.legal.tos_hint')} <Link to={paths.tos}>{t('admin_settings.legal.view_tos')}</Link>
          </>
        }
      />
      <TextArea
        id="privacy_policy_original_text"
        label={t('admin_settings.legal.privacy')}
        rows={8}
        value={v.privacy_policy_original_text}
        onChange={(x) => set('privacy_policy_original_text', x)}
        error={e.privacy_policy_original_text}
        hint={
          <>
            {t('admin_settings.legal.privacy_hint')} <Link to={paths.privacy}>{t('admin_settings.legal.view_privacy')}</Link>
          </>
        }
      />
      <Radios<Legal['external_content_display']>
        id="external_content_display"
        legend={t('admin_settings.legal.external')}
        value={v.external_content_display}
        onChange={(x) => set('external_content_display', x)}
        error={e.external_content_display}
        hint={t('admin_settings.legal.external_hint')}
        options={[
          { value: 'always_display', label: t('admin_settings.legal.external_always') },
          { value: 'ask_before_display', label: t('admin_settings.legal.external_ask') },
        ]}
      />
    </SettingsForm>
  );
}

/** /admin/legal: terms of service, privacy policy (markdown) and how external content shows. */
export default function LegalPage() {
  const { t } = useTranslation();
  const query = useSetting('legal');
  return (
    <SettingsScreen title={t('admin_settings.legal.title')} query={query}>
      {(data) => <LegalForm data={data} />}
    </SettingsScreen>
  );
}
