import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, V1 } from '../client';
import type { Page } from '../types';
import { personalKeys } from './keys';
import type {
  BookmarkItem,
  PersonalComment,
  PersonalOrder,
  ProfileInfo,
  RankItem,
  TopPosts,
  UserAnswer,
  UserQuestion,
  VoteItem,
} from './types';

/** GET personal/user/info; the caller shows the 404 page itself (an unknown user answers 404). */
export const fetchProfile = (username: string) => api.get<ProfileInfo>(`${V1}/personal/user/info`, { username }, { handleErrors: true });

/** A profile by username. */
export function useProfile(username: string) {
  return useQuery({ queryKey: personalKeys.info(username), queryFn: () => fetchProfile(username), retry: false, enabled: username !== '' });
}

/** The user's five best questions and answers (overview tab). */
export function useTopPosts(username: string, enabled: boolean) {
  return useQuery({
    queryKey: personalKeys.top(username),
    queryFn: () => api.get<TopPosts>(`${V1}/personal/qa/top`, { username }),
    enabled,
  });
}

/** Paging of a tab. */
export interface TabPageParams {
  username: string;
  page: number;
  page_size: number;
}

const pageQuery = <T>(tab: string, path: string, params: Record<string, string | number>, enabled: boolean, owner = '') => ({
  queryKey: personalKeys.tab(tab, owner ? { ...params, owner } : params),
  queryFn: () => api.get<Page<T>>(`${V1}${path}`, params),
  placeholderData: keepPreviousData,
  enabled,
});

/** The user's questions (GET personal/question/page). */
export function useUserQuestions(p: TabPageParams & { order: PersonalOrder }, enabled: boolean) {
  return useQuery(pageQuery<UserQuestion>('questions', '/personal/question/page', { ...p }, enabled));
}

/** The user's answers (GET personal/answer/page). */
export function useUserAnswers(p: TabPageParams & { order: PersonalOrder }, enabled: boolean) {
  return useQuery(pageQuery<UserAnswer>('answers', '/personal/answer/page', { ...p }, enabled));
}

/** The user's comments (GET personal/comment/page). */
export function useUserComments(p: TabPageParams, enabled: boolean) {
  return useQuery(pageQuery<PersonalComment>('comments', '/personal/comment/page', { ...p }, enabled));
}

/** The user's reputation history (GET personal/rank/page). */
export function useUserReputation(p: TabPageParams, enabled: boolean) {
  return useQuery(pageQuery<RankItem>('reputation', '/personal/rank/page', { ...p }, enabled));
}

/** The logged-in user's bookmarks (GET personal/collection/page; no username: always the caller's). */
export function useMyBookmarks(p: TabPageParams, enabled: boolean) {
  return useQuery(
    pageQuery<BookmarkItem>('bookmarks', '/personal/collection/page', { page: p.page, page_size: p.page_size }, enabled, p.username),
  );
}

/** The logged-in user's votes (GET personal/vote/page). */
export function useMyVotes(p: TabPageParams, enabled: boolean) {
  return useQuery(pageQuery<VoteItem>('votes', '/personal/vote/page', { page: p.page, page_size: p.page_size }, enabled, p.username));
}
