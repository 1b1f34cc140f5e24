import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { KeyOf, QueryOf } from '../../../server/contract/endpoints';
import { api, V1 } from '../client';
import { personalKeys } from './keys';
import type { PersonalOrder } from './types';

/** GET personal/user/info; the caller shows the 404 page itself (an unknown user answers 404). */
export const fetchProfile = (username: string) => api.get(`${V1}/personal/user/info`, { username }, { handleErrors: true });

/** A profile by username. */
export function useProfile(username: string) {
  return useQuery({ queryKey: personalKeys.info(username), queryFn: () => fetchProfile(username), retry: false, enabled: username !== '' });
}

/** The user's five best questions and answers (overview tab). */
export function useTopPosts(username: string, enabled: boolean) {
  return useQuery({
    queryKey: personalKeys.top(username),
    queryFn: () => api.get(`${V1}/personal/qa/top`, { username }),
    enabled,
  });
}

/** Paging of a tab. */
export interface TabPageParams {
  username: string;
  page: number;
  page_size: number;
}

/** The paged tabs' paths (each gives its page's item type through the endpoint map). */
type TabPath =
  | '/personal/question/page'
  | '/personal/answer/page'
  | '/personal/comment/page'
  | '/personal/rank/page'
  | '/personal/collection/page'
  | '/personal/vote/page';

const pageQuery = <P extends TabPath>(tab: string, path: P, params: Record<string, string | number>, enabled: boolean, owner = '') => ({
  queryKey: personalKeys.tab(tab, owner ? { ...params, owner } : params),
  queryFn: () => api.get(`${V1}${path}`, params as QueryOf<KeyOf<'GET', `${typeof V1}${P}`>>),
  placeholderData: keepPreviousData,
  enabled,
});

/** The user's questions (GET personal/question/page). */
export function useUserQuestions(p: TabPageParams & { order: PersonalOrder }, enabled: boolean) {
  return useQuery(pageQuery('questions', '/personal/question/page', { ...p }, enabled));
}

/** The user's answers (GET personal/answer/page). */
export function useUserAnswers(p: TabPageParams & { order: PersonalOrder }, enabled: boolean) {
  return useQuery(pageQuery('answers', '/personal/answer/page', { ...p }, enabled));
}

/** The user's comments (GET personal/comment/page). */
export function useUserComments(p: TabPageParams, enabled: boolean) {
  return useQuery(pageQuery('comments', '/personal/comment/page', { ...p }, enabled));
}

/** The user's reputation history (GET personal/rank/page). */
export function useUserReputation(p: TabPageParams, enabled: boolean) {
  return useQuery(pageQuery('reputation', '/personal/rank/page', { ...p }, enabled));
}

/** The logged-in user's bookmarks (GET personal/collection/page; no username: always the caller's). */
export function useMyBookmarks(p: TabPageParams, enabled: boolean) {
  return useQuery(pageQuery('bookmarks', '/personal/collection/page', { page: p.page, page_size: p.page_size }, enabled, p.username));
}

/** The logged-in user's votes (GET personal/vote/page). */
export function useMyVotes(p: TabPageParams, enabled: boolean) {
  return useQuery(pageQuery('votes', '/personal/vote/page', { page: p.page, page_size: p.page_size }, enabled, p.username));
}
