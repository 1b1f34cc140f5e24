import type { PostListStatus } from '../../../api/admin/types';

/** Which list: questions or answers. */
export type Kind = 'question' | 'answer';
/** A status change an admin can make to a post. */
export type Change = 'close' | 'reopen' | 'delete' | 'undelete' | 'approve' | 'reject';

/** The status filters each list offers. */
export const FILTERS: Record<Kind, readonly PostListStatus[]> = {
  question: ['normal', 'closed', 'deleted', 'pending'],
  answer: ['normal', 'deleted', 'pending'],
};

/** The status changes a post in a list offers, and what each sends. */
export function postChanges(kind: Kind, status: PostListStatus): Change[] {
  switch (status) {
    case 'normal':
      return kind === 'question' ? ['close', 'delete'] : ['delete'];
    case 'closed':
      return ['reopen', 'delete'];
    case 'deleted':
      return ['undelete'];
    case 'pending':
      return ['approve', 'reject'];
  }
}

/** The status each change sends. */
export const SENDS: Record<Change, 'available' | 'closed' | 'deleted'> = {
  close: 'closed',
  reopen: 'available',
  delete: 'deleted',
  undelete: 'available',
  approve: 'available',
  reject: 'deleted',
};

/** The changes that ask first, and the question they ask. */
export const ASKS: Partial<Record<Change, 'confirm_close' | 'confirm_delete' | 'confirm_reject'>> = {
  close: 'confirm_close',
  delete: 'confirm_delete',
  reject: 'confirm_reject',
};
