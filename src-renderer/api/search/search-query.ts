import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, V1 } from '../client';
import type { CaptchaFields } from '../user/types';
import { searchKeys } from './keys';
import type { SearchParams } from './types';

/**
 * GET search. The caller handles its errors: the server may ask for a captcha (too many searches
 * in a minute) and the page then shows the captcha dialog and sends the search again with it.
 */
export const fetchSearch = (params: SearchParams, captcha: CaptchaFields = {}) =>
  api.get(`${V1}/search`, { ...params, ...captcha }, { handleErrors: true });

/** The results of a search; `captcha` returns the fields of a solved captcha (read when the query runs). */
export function useSearch(params: SearchParams, captcha: () => CaptchaFields) {
  return useQuery({
    queryKey: searchKeys.results(params),
    queryFn: () => fetchSearch(params, captcha()),
    enabled: params.q.trim() !== '',
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}

/** GET tag by slug, for the header of a tag-only search (nothing when the tag does not exist). */
export function useSearchTag(slug: string | null) {
  return useQuery({
    queryKey: searchKeys.tag(slug ?? ''),
    queryFn: () => api.get(`${V1}/tag`, { name: slug ?? '' }, { handleErrors: true }),
    enabled: !!slug,
    retry: false,
    staleTime: 60_000,
  });
}
