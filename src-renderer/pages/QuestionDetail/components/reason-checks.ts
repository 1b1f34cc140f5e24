import type { TFunction } from 'i18next';
import { DUPLICATE_REASON, type ReasonItem } from '../../../api/reason/reason-query';

type T = TFunction;

/** The message of a duplicate's URL: it must parse and have the origin of this site. */
export function checkQuestionUrl(t: T, value: string, siteUrl: string | undefined): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
  } catch {
    return t('qa.url_invalid');
  }
  const origins = new Set([window.location.origin]);
  try {
    if (siteUrl) origins.add(new URL(siteUrl).origin);
  } catch {
    /* a site URL that does not parse names no origin */
  }
  return origins.has(url.origin) ? undefined : t('qa.url_origin');
}

/** What the dialog checks before sending (spec section 5). */
export function checkReason(
  t: T,
  reason: ReasonItem | undefined,
  content: string,
  siteUrl: string | undefined,
  requireText: boolean,
): { reason?: string; content?: string } {
  if (!reason) return { reason: t('qa.select_reason') };
  if (reason.reason_type === DUPLICATE_REASON || reason.content_type === 'text') {
    if (!content.trim()) return { content: t('qa.cannot_be_empty') };
    const bad = checkQuestionUrl(t, content, siteUrl);
    return bad ? { content: bad } : {};
  }
  if (requireText && reason.content_type && !content.trim()) return { content: t('qa.cannot_be_empty') };
  return {};
}

/** The text a reason asks for: a duplicate's URL, a remark, the close message, or none ('') for a flag without one. */
export type ReasonTextKind = 'url' | 'remark' | 'message' | '';

/** Which text field the chosen reason shows. */
export function reasonTextKind(reason: ReasonItem | undefined, isClose: boolean): ReasonTextKind {
  if (!reason) return '';
  if (reason.reason_type === DUPLICATE_REASON || reason.content_type === 'text') return 'url';
  if (reason.content_type) return 'remark';
  return isClose ? 'message' : '';
}
