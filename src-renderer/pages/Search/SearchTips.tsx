import { useTranslation } from 'react-i18next';

/** The search syntax, as the reference's search tips panel lists it (plus exact phrases). */
export const SEARCH_TIPS = [
  { example: '[tag]', key: 'tip_tag' },
  { example: 'user:username', key: 'tip_user' },
  { example: 'score:3', key: 'tip_score' },
  { example: 'answers:0', key: 'tip_answers' },
  { example: 'is:question', key: 'tip_question' },
  { example: 'is:answer', key: 'tip_answer' },
  { example: '"words here"', key: 'tip_phrase' },
] as const;

/** The search tips panel beside the results. */
export function SearchTips() {
  const { t } = useTranslation();
  return (
    <section className="side-card search-tips" aria-labelledby="search-tips-title">
      <h2 id="search-tips-title" className="side-title">
        {t('inbox.search.tips_title')}
      </h2>
      <p className="muted small">{t('inbox.search.tips_intro')}</p>
      <dl className="search-tips-list">
        {SEARCH_TIPS.map((tip) => (
          <div key={tip.key}>
            <dt>
              <code>{tip.example}</code>
            </dt>
            <dd>{t(`inbox.search.${tip.key}`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
