import { useQuery } from '@tanstack/react-query';
import { api, V1 } from '../client';

/** One entry of GET language/options. */
export interface LanguageOption {
  label: string;
  value: string;
  progress?: number;
}

/** Query keys of the language resource. */
export const languageKeys = {
  all: ['language'] as const,
  options: () => [...languageKeys.all, 'options'] as const,
};

/** GET language/options. */
export const fetchLanguageOptions = () => api.get<LanguageOption[]>(`${V1}/language/options`);

/** The languages the site ships. */
export function useLanguageOptions() {
  return useQuery({ queryKey: languageKeys.options(), queryFn: fetchLanguageOptions, staleTime: 5 * 60_000 });
}
