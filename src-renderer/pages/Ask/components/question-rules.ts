import type { TFunction } from 'i18next';
import { LIMITS } from '../../../../server/contract/limits';
import type { TagInput } from '../../../api/question/types';
import { compact, type Errors } from '../../../utils/validation';
import { MAX_TAGS } from './useTagChoices';

/** The fields of a question. */
export interface QuestionFields {
  title: string;
  content: string;
  tags: TagInput[];
  edit_summary?: string;
}

/** Client-side rules of spec section 5: title 1-150, body required, one to five tags. */
export function checkQuestion(t: TFunction, f: QuestionFields): Errors {
  const title = f.title.trim();
  return compact({
    title: !title ? t('ask.title_required') : title.length > LIMITS.title.max ? t('ask.title_max', { max: LIMITS.title.max }) : undefined,
    content: !f.content.trim() ? t('ask.body_required') : undefined,
    tags:
      f.tags.length === 0
        ? t('ask.tags_required')
        : f.tags.length > MAX_TAGS
          ? t('ask.tags_max', { max: MAX_TAGS })
          : f.tags.some((x) => x.slug_name.length > LIMITS.tagName.max)
            ? t('ask.tag_too_long', { max: LIMITS.tagName.max })
            : undefined,
  });
}
