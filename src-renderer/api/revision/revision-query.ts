import { useQuery } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { revisionKeys } from './keys';

/** GET revisions/edit/check: resolves when the caller may edit the post now; fails with the reason otherwise. */
export const checkEdit = (id: string) => api.get(`${V1}/revisions/edit/check`, { id }, { handleErrors: true });

/** The edit check run before an edit page shows its form. */
export function useEditCheck(id: string) {
  return useQuery({
    queryKey: revisionKeys.editCheck(id),
    queryFn: () => checkEdit(id).then(() => true),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
