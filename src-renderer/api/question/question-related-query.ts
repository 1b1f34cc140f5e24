import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaptchaFields } from '../user/types';
import { api, V1 } from '../client';
import { questionKeys } from './keys';

/** GET question/link: questions that link to this one or that it links to (first page). */
export const fetchLinkedQuestions = (questionId: string, pageSize = 5) =>
  api.get(`${V1}/question/link`, { question_id: questionId, page: 1, page_size: pageSize, order: 'newest' }, { handleErrors: true });

/** The linked-questions side panel. */
export function useLinkedQuestions(questionId: string) {
  return useQuery({
    queryKey: [...questionKeys.all, 'linked', questionId] as const,
    queryFn: () => fetchLinkedQuestions(questionId),
    staleTime: 60_000,
  });
}

/** GET question/similar/tag: questions sharing the first tag. */
export const fetchRelatedQuestions = (questionId: string) =>
  api.get(`${V1}/question/similar/tag`, { question_id: questionId }, { handleErrors: true });

/** The related-questions side panel. */
export function useRelatedQuestions(questionId: string) {
  return useQuery({
    queryKey: [...questionKeys.all, 'related', questionId] as const,
    queryFn: () => fetchRelatedQuestions(questionId),
    staleTime: 60_000,
  });
}

/** Query key of a question's invited users. */
export const inviteKey = (questionId: string) => [...questionKeys.all, 'invite', questionId] as const;

/** GET question/invite: the people invited to answer. */
export const fetchInvitedUsers = (questionId: string) =>
  api.get(`${V1}/question/invite`, { id: questionId }, { handleErrors: true }).then((r) => r ?? []);

/** The invited people. */
export function useInvitedUsers(questionId: string) {
  return useQuery({ queryKey: inviteKey(questionId), queryFn: () => fetchInvitedUsers(questionId) });
}

/** PUT question/invite: replaces the invited usernames (captcha 'invitation_answer'). */
export const updateInvitedUsers = (body: { id: string; invite_user: string[] } & CaptchaFields) =>
  api.put(`${V1}/question/invite`, body, { handleErrors: true });

/** Saves the invitations; the list refreshes. */
export function useUpdateInvitedUsers(questionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { invite_user: string[] } & CaptchaFields) => updateInvitedUsers({ id: questionId, ...b }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: inviteKey(questionId) }),
  });
}

/** GET permission: whether the viewer may take each action (answer.invite_someone_to_answer, ...). */
export const fetchPermissions = (actions: string[]) => api.get(`${V1}/permission`, { action: actions.join(',') }, { handleErrors: true });

/** Whether the viewer has a privilege (false while unknown or logged out). */
export function usePermission(action: string, enabled: boolean) {
  const q = useQuery({ queryKey: ['permission', action] as const, queryFn: () => fetchPermissions([action]), enabled, staleTime: 60_000 });
  return !!q.data?.[action]?.has_permission;
}

/** GET user/info/search: up to 5 active users whose username starts with the text (not the caller). */
export const searchUsers = (username: string) =>
  api.get(`${V1}/user/info/search`, { username }, { handleErrors: true }).then((r) => r ?? []);

/** User suggestions for mentions and invitations (pass the text debounced). */
export function useUserSearch(username: string) {
  return useQuery({
    queryKey: ['user-search', username] as const,
    queryFn: () => searchUsers(username),
    enabled: username.length > 0,
    staleTime: 30_000,
  });
}
