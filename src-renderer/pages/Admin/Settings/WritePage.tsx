import { useTranslation } from 'react-i18next';
import { useSetting } from '../../../api/admin-settings/settings-query';
import type { AdminSettings, TagRef } from '../../../api/admin-settings/types';
import { Check, SettingsForm, SettingsScreen, TextArea, useGroupForm } from './form';
import { checkWrite, splitList, type WriteValues } from './validation';

const asText = (tags: TagRef[] | undefined) => (tags ?? []).map((x) => x.slug_name).join(' ');

function WriteForm({ data }: { data: AdminSettings['write'] }) {
  const { t } = useTranslation();
  const initial: WriteValues = {
    restrict_answer: data.restrict_answer !== false,
    required_tag: !!data.required_tag,
    recommend_tags: asText(data.recommend_tags),
    reserved_tags: asText(data.reserved_tags),
  };
  // the tags keep the display names the server knows; new ones are sent by slug
  const known = new Map([...(data.recommend_tags ?? []), ...(data.reserved_tags ?? [])].map((x) => [x.slug_name, x.display_name]));
  const tagRefs = (text: string): TagRef[] => splitList(text).map((slug) => ({ slug_name: slug, display_name: known.get(slug) ?? slug }));
  const form = useGroupForm('write', initial, {
    check: (v) => checkWrite(t, v),
    // the upload limits are not on this page: they are sent back as loaded (a PUT replaces the group)
    toBody: (v) => ({
      ...data,
      restrict_answer: v.restrict_answer,
      required_tag: v.required_tag,
      recommend_tags: tagRefs(v.recommend_tags),
      reserved_tags: tagRefs(v.reserved_tags),
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
    </SettingsForm>
  );
}

/** /admin/write: one answer per user, and the recommended (optionally required) and reserved tags. */
export default function WritePage() {
  const { t } = useTranslation();
  const query = useSetting('write');
  return (
    <SettingsScreen title={t('admin_settings.write.title')} query={query}>
      {(data) => <WriteForm data={data} />}
    </SettingsScreen>
  );
}
