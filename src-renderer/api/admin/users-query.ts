import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN, api } from '../client';
import { adminKeys } from './keys';
import type { AdminUser, SuspendDuration, UserListFilter } from './types';

export const ADMIN_USER_PAGE_SIZE = 20;

/** A page of the admin user list. */
export interface UserListQuery {
  page: number;
  filter: UserListFilter;
  query: string;
}

/** GET admin users/page (staff is a flag over the normal accounts). */
export const fetchAdminUsers = (q: UserListQuery) =>
  api.get(`${ADMIN}/users/page`, {
    page: q.page,
    page_size: ADMIN_USER_PAGE_SIZE,
    status: q.filter === 'staff' ? undefined : q.filter,
    staff: q.filter === 'staff' ? 'true' : undefined,
    query: q.query || undefined,
  });

export function useAdminUsers(q: UserListQuery) {
  return useQuery({ queryKey: adminKeys.users(q), queryFn: () => fetchAdminUsers(q), placeholderData: keepPreviousData });
}

/** One account by id, whatever its status (the list is asked with `user:<id>` under each status). */
export const fetchAdminUser = async (userId: string): Promise<AdminUser | null> => {
  const pages = await Promise.all(
    (['normal', 'inactive', 'suspended', 'deleted'] as const).map((status) =>
      api.get(`${ADMIN}/users/page`, { page: 1, page_size: 1, status, query: `user:${userId}` }),
    ),
  );
  return pages.flatMap((p) => p.list).find((u) => u.user_id === userId) ?? null;
};

export function useAdminUser(userId: string) {
  return useQuery({ queryKey: [...adminKeys.users(), 'one', userId], queryFn: () => fetchAdminUser(userId) });
}

/** GET admin roles. */
export const fetchRoles = () => api.get(`${ADMIN}/roles`);
export function useRoles() {
  return useQuery({ queryKey: adminKeys.roles(), queryFn: fetchRoles, staleTime: Infinity });
}

/** GET admin user/activation: the account's activation link. */
export const fetchActivation = (userId: string) => api.get(`${ADMIN}/user/activation`, { user_id: userId });

// the mutations below let the caller handle errors (field errors go on the form's fields)
const mine = { handleErrors: true } as const;

export const setUserStatus = (b: {
  user_id: string;
  status: AdminUser['status'];
  suspend_duration?: SuspendDuration;
  remove_all_content?: boolean;
}) => api.put(`${ADMIN}/user/status`, b, mine);
export const setUserRole = (b: { user_id: string; role_id: number }) => api.put(`${ADMIN}/user/role`, b, mine);
export const setUserPassword = (b: { user_id: string; password: string }) => api.put(`${ADMIN}/user/password`, b, mine);
export const editUserProfile = (b: { user_id: string; display_name: string; username: string; email: string }) =>
  api.put(`${ADMIN}/user/profile`, b, mine);
export const addUsers = (b: { users: string }) => api.post(`${ADMIN}/users`, b, mine);
export const sendActivation = (b: { user_id: string }) => api.post(`${ADMIN}/user/activation`, b, mine);

/** Any change to accounts; the user lists reload after it. */
export function useUserChange<T>(fn: (b: T) => Promise<null>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.users() }) });
}
