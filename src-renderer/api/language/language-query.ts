import { useQuery } from '@tanstack/react-query';
import type { Endpoints } from '../../../server/contract/endpoints';
import { api, V1 } from '../client';

/** One entry of GET language/options (the API contract's; "Default" comes without progress). */
export type LanguageOption = Endpoints['GET /answer/api/v1/language/options']['data'][number];

/** Query keys of the language resource. */
export const languageKeys = {
  all: ['language'] as const,
  options: () => [...languageKeys.all, 'options'] as const,
};

/** GET language/options. */
export const fetchLanguageOptions = () => api.get(`${V1}/language/options`);

/** The languages the site ships. */
export function useLanguageOptions() {
  return useQuery({ queryKey: languageKeys.options(), queryFn: fetchLanguageOptions, staleTime: 5 * 60_000 });
}
