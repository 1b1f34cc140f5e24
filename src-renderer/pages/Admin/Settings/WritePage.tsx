import { useTranslation } from 'react-i18next';
import { useSetting } from '../../../api/admin-settings/settings-query';
import type { AdminSettings, TagRef } from '../../../api/admin-settings/types';
import { Check, SettingsForm, SettingsScreen, TextArea, TextInput, useGroupForm } from './form';
import { checkWrite, splitList, type WriteValues } from './validation';

const asText = (tags: TagRef[] | undefined) => (tags ?? []).map((x) => x.slug_name).join(' ');

function WriteForm({ data }: { data: AdminSettings['write'] }) {
  const { t } = useTranslation();
  const initial: WriteValues = {
    restrict_answer: data.restrict_answer !== false,
    required_tag: !!data.required_tag,
    recommend_tags: asText(data.recommend_tags),
    reserved_tags: asText(data.reserved_tags),
    max_uploads_per_hour: String(data.max_uploads_per_hour ?? 30),
    max_upload_mb_per_day: String(data.max_upload_mb_per_day ?? 50),
  };
  // the tags keep the display names the server knows; new ones are sent by slug
  const known = new Map([...(data.recommend_tags ?? []), ...(data.reserved_tags ?? [])].map((x) => [x.slug_name, x.display_name]));
  const tagRefs = (text: string): TagRef[] => splitList(text).map((slug) => ({ slug_name: slug, display_name: known.get(slug) ?? slug }));
  const form = useGroupForm('write', initial, {
    check: (v) => checkWrite(t, v),
    // the size and type limits of uploads are not on this page: they are sent back as loaded (a PUT replaces the group)
    toBody: (v) => ({
      ...data,
      restrict_answer: v.restrict_answer,
      required_tag: v.required_tag,
      recommend_tags: tagRefs(v.recommend_tags),
      reserved_tags: tagRefs(v.reserved_tags),
      max_uploads_per_hour: Number(v.max_uploads_per_hour.trim()),
      max_upload_mb_per_day: Number(v.max_upload_mb_per_day.trim()),
    }),
  });
  const { values: v, set, errors: e } = form;
  return (
    <SettingsForm form={form}>
      <Check
        id="restrict_answer"
        label={t('admin_settings.write.restrict_answer')}
        text={t('admin_settings.write.restrict_answer_text')}
        checked={v.restrict_answer}
        onChange={(x) => set('restrict_answer', x)}
      />
      <TextArea
        id="recommend_tags"
        label={t('admin_settings.write.recommend_tags')}
        rows={2}
        value={v.recommend_tags}
        onChange={(x) => set('recommend_tags', x)}
        error={e.recommend_tags}
        hint={t('admin_settings.write.recommend_tags_hint')}
      />
      <Check
        id="required_tag"
        label={t('admin_settings.write.required_tag')}
        text={t('admin_settings.write.required_tag_text')}
        checked={v.required_tag}
        onChange={(x) => set('required_tag', x)}
      />
      <TextArea
        id="reserved_tags"
        label={t('admin_settings.write.reserved_tags')}
        rows={2}
        value={v.reserved_tags}
        onChange={(x) => set('reserved_tags', x)}
        error={e.reserved_tags}
        hint={t('admin_settings.write.reserved_tags_hint')}
      />
      <TextInput
        id="max_uploads_per_hour"
        label={t('admin_settings.write.max_uploads_per_hour')}
        value={v.max_uploads_per_hour}
        onChange={(x) => set('max_uploads_per_hour', x)}
        error={e.max_uploads_per_hour}
        hint={t('admin_settings.write.max_uploads_per_hour_hint')}
      />
      <TextInput
        id="max_upload_mb_per_day"
        label={t('admin_settings.write.max_upload_mb_per_day')}
        value={v.max_upload_mb_per_day}
        onChange={(x) => set('max_upload_mb_per_day', x)}
        error={e.max_upload_mb_per_day}
        hint={t('admin_settings.write.max_upload_mb_per_day_hint')}
      />
    </SettingsForm>
  );
}

/** /admin/write: one answer per user, the recommended (optionally required) and reserved tags, and the members' upload quotas. */
export default function WritePage() {
  const { t } = useTranslation();
  const query = useSetting('write');
  return (
    <SettingsScreen title={t('admin_settings.write.title')} query={query}>
      {(data) => <WriteForm data={data} />}
    </SettingsScreen>
  );
}
