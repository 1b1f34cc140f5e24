import type { TagPageParams } from './types';

/** Query keys of the tag resource. */
export const tagKeys = {
  all: ['tag'] as const,
  search: (text: string) => [...tagKeys.all, 'search', text] as const,
  lists: () => [...tagKeys.all, 'list'] as const,
  list: (params: TagPageParams) => [...tagKeys.lists(), params] as const,
  details: () => [...tagKeys.all, 'detail'] as const,
  detail: (name: string) => [...tagKeys.details(), name] as const,
  byId: (id: string) => [...tagKeys.details(), 'id', id] as const,
  synonyms: (id: string) => [...tagKeys.all, 'synonyms', id] as const,
  revisions: (id: string) => [...tagKeys.all, 'revisions', id] as const,
  following: () => [...tagKeys.all, 'following'] as const,
  permission: (actions: string) => [...tagKeys.all, 'permission', actions] as const,
};
