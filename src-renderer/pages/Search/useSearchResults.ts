import { useEffect, useRef, useState } from 'react';
import { isCaptchaError } from '../../api/errors';
import { useSearch } from '../../api/search/search-query';
import type { SearchOrder } from '../../api/search/types';
import type { CaptchaFields, CaptchaRecord } from '../../api/user/types';
import { fetchCaptcha } from '../../api/user/user-query';
import { firstFieldError } from '../../hooks/useFormError';

/** Results per page (the reference's search page asks for 20). */
export const SEARCH_PAGE_SIZE = 20;

/**
 * GET search for a query, order and page, behind the server's captcha: too many searches in a
 * minute and the server asks for one; solved, the search runs again with it. `captchaDialog` are
 * the props of the captcha dialog.
 */
export function useSearchResults({ q, order, page }: { q: string; order: SearchOrder; page: number }) {
  const captcha = useRef<CaptchaFields>({});
  const [record, setRecord] = useState<CaptchaRecord | null>(null);
  const [captchaError, setCaptchaError] = useState<string | undefined>();
  const results = useSearch({ q, order, page, size: SEARCH_PAGE_SIZE }, () => captcha.current);

  const error = results.error;
  useEffect(() => {
    if (!isCaptchaError(error)) return;
    if (captcha.current.captcha_code) setCaptchaError(firstFieldError(error) ?? error.message);
    void fetchCaptcha('search').then(
      (r) => setRecord(r.verify ? r : null),
      () => undefined,
    );
  }, [error]);
  useEffect(() => {
    if (results.isSuccess) {
      captcha.current = {};
      setCaptchaError(undefined);
    }
  }, [results.isSuccess, results.dataUpdatedAt]);

  const captchaDialog = {
    record,
    error: captchaError,
    onSubmit: (fields: CaptchaFields) => {
      captcha.current = fields;
      setRecord(null);
      void results.refetch();
    },
    onRefresh: () =>
      void fetchCaptcha('search').then(
        (r) => setRecord(r),
        () => undefined,
      ),
    onCancel: () => setRecord(null),
  };

  return { results, captchaDialog };
}
