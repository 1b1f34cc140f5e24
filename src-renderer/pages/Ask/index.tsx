import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui';
import { useAddQuestion } from '../../api/question/question-add-mutation';
import { useQuestionInfo } from '../../api/question/question-query';
import { useUpdateQuestion } from '../../api/question/question-update-mutation';
import { slugInLinks, to } from '../../app/paths';
import { useSession } from '../../app/session';
import { UnsavedChangesDialog } from '../../components/editor/UnsavedChangesDialog';
import { useFeedback } from '../../components/Feedback';
import { DRAFT_KEYS, readDraft, stringField, useDraft } from '../../hooks/useDraft';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { EditGate } from '../../components/EditGate';
import type { QuestionFields } from './components/question-rules';
import { QuestionForm } from './components/QuestionForm';
import { SimilarQuestions } from './components/SimilarQuestions';

const EMPTY: QuestionFields = { title: '', content: '', tags: [] };

/** A saved question draft: title, body and tags; a missing field reads as empty, a draft with none of them as no draft. */
export function parseQuestionDraft(saved: unknown): QuestionFields | null {
  const title = stringField(saved, 'title') ?? '';
  const content = stringField(saved, 'content') ?? '';
  const listed = typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>).tags : undefined;
  const tags = (Array.isArray(listed) ? listed : [])
    .map((tag: unknown) => {
      const slug = stringField(tag, 'slug_name');
      if (slug === undefined) return null;
      const display = stringField(tag, 'display_name');
      return display === undefined ? { slug_name: slug } : { slug_name: slug, display_name: display };
    })
    .filter((tag) => tag !== null);
  return title || content || tags.length ? { title, content, tags } : null;
}

const same = (a: QuestionFields, b: QuestionFields) =>
  a.title === b.title &&
  a.content === b.content &&
  (a.edit_summary ?? '') === (b.edit_summary ?? '') &&
  a.tags.map((x) => x.slug_name).join(',') === b.tags.map((x) => x.slug_name).join(',');

/** /questions/ask: title with similar questions, markdown body with preview and images, tags; a draft is kept and restored, leaving with changes asks first. */
export default function AskPage() {
  const { t } = useTranslation();
  const { site } = useSession();
  const navigate = useNavigate();
  const add = useAddQuestion();
  const [restored, setRestored] = useState(() => readDraft(DRAFT_KEYS.question, parseQuestionDraft));
  const [initial, setInitial] = useState<QuestionFields>(() => restored ?? EMPTY);
  const [formKey, setFormKey] = useState(0);
  const [current, setCurrent] = useState(initial);
  const filled = !!(current.title.trim() || current.content.trim() || current.tags.length);
  const clearDraft = useDraft(
    DRAFT_KEYS.question,
    useMemo(() => current, [current]),
    filled,
  );
  const guard = useUnsavedChanges(filled && !same(current, initial));
  usePageTitle(t('ask.page_title'));

  const discard = () => {
    clearDraft();
    setRestored(null);
    setInitial(EMPTY);
    setCurrent(EMPTY);
    setFormKey((k) => k + 1);
  };

  return (
    <section className="card form-page" aria-labelledby="ask-title">
      <h1 id="ask-title">{t('ask.page_title')}</h1>
      <p className="muted">{t('ask.intro')}</p>
      {restored && (
        <div className="draft-note" role="status">
          <span>{t('qa.draft_restored')}</span>
          <Button type="button" link size="small" label={t('qa.draft_discard')} onClick={discard} />
        </div>
      )}
      <QuestionForm
        key={formKey}
        initial={initial}
        action="question"
        submitLabel={t('ask.submit')}
        busy={add.isPending}
        onChange={setCurrent}
        belowTitle={(title) => <SimilarQuestions title={title} />}
        onSubmit={async (f, captcha) => {
          const q = await add.mutateAsync({ title: f.title, content: f.content, tags: f.tags, ...captcha });
          clearDraft();
          guard.allow();
          navigate(to.question(q.id, slugInLinks(site.site_seo?.permalink) ? q.url_title : undefined));
        }}
      />
      <UnsavedChangesDialog guard={guard} />
    </section>
  );
}

/** /posts/{qid}/edit: the question form filled in, after the server's edit check. */
export function EditQuestionPage() {
  const { t } = useTranslation();
  const { qid = '' } = useParams();
  usePageTitle(t('ask.edit_title'));
  return (
    <EditGate objectId={qid}>
      <EditQuestionForm qid={qid} />
    </EditGate>
  );
}

function EditQuestionForm({ qid }: { qid: string }) {
  const info = useQuestionInfo(qid);
  return info.data ? <EditQuestionLoaded q={info.data} /> : null;
}

function EditQuestionLoaded({ q }: { q: NonNullable<ReturnType<typeof useQuestionInfo>['data']> }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const update = useUpdateQuestion();
  const [initial] = useState<QuestionFields>(() => ({
    title: q.title,
    content: q.content,
    tags: q.tags.map((x) => ({ slug_name: x.slug_name, display_name: x.display_name })),
    edit_summary: '',
  }));
  const [current, setCurrent] = useState(initial);
  const guard = useUnsavedChanges(!same(current, initial));
  const back = to.question(q.id, slugInLinks(site.site_seo?.permalink) ? q.url_title : undefined);
  return (
    <section className="card form-page" aria-labelledby="edit-title">
      <h1 id="edit-title">{t('ask.edit_title')}</h1>
      <QuestionForm
        initial={initial}
        action="edit"
        withSummary
        submitLabel={t('ask.save')}
        busy={update.isPending}
        onChange={setCurrent}
        extraButtons={
          <Link to={back} className="p-button p-button-text">
            {t('common.cancel')}
          </Link>
        }
        onSubmit={async (f, captcha) => {
          const r = await update.mutateAsync({
            id: q.id,
            title: f.title,
            content: f.content,
            tags: f.tags,
            edit_summary: f.edit_summary || undefined,
            ...captcha,
          });
          if (r.wait_for_review) feedback.toast('info', t('ask.after_review'));
          guard.allow();
          navigate(back);
        }}
      />
      <UnsavedChangesDialog guard={guard} />
    </section>
  );
}
