import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { TIMING } from '../../server/contract/limits';
import { readLocal, removeLocal, writeLocal } from '../utils/storage';

/** Local drafts (spec section 3): a question draft and an answer draft. */
export const DRAFT_KEYS = { question: 'question_draft', answer: 'answer_draft' } as const;
const DRAFT_OWNER = 'draft_owner';

/**
 * Drafts belong to the member who wrote them: when someone else signs in on this machine, the
 * previous member's drafts are dropped rather than offered to them.
 */
export function claimDrafts(userId: string): void {
  if (readLocal<string>(DRAFT_OWNER) === userId) return;
  for (const key of Object.values(DRAFT_KEYS)) removeLocal(key);
  writeLocal(DRAFT_OWNER, userId);
}
/** The draft saved under `key`, if any. */
export function readDraft<T>(key: string): T | null {
  return readLocal<T>(key);
}

/**
 * Saves `value` under `key` 3 s after it last changed while `dirty`, and at once when the screen
 * closes (leaving through a link keeps the work); `clear` forgets it (after posting).
 */
export function useDraft<T>(key: string, value: T, dirty: boolean) {
  const cleared = useRef(false);
  const pending = useRef<{ value: T } | null>(null);
  useEffect(() => {
    // an emptied form (after posting) starts a new draft
    if (!dirty) cleared.current = false;
    if (!dirty || cleared.current) {
      pending.current = null;
      return;
    }
    pending.current = { value };
    const timer = setTimeout(() => {
      writeLocal(key, value);
      pending.current = null;
    }, TIMING.draftDebounceMs);
    return () => clearTimeout(timer);
  }, [key, value, dirty]);
  // written while the screen is taken down (a layout cleanup runs in the same commit), so a page
  // load straight after leaving still finds it
  useLayoutEffect(
    () => () => {
      if (pending.current && !cleared.current) writeLocal(key, pending.current.value);
    },
    [key],
  );
  return useCallback(() => {
    cleared.current = true;
    pending.current = null;
    removeLocal(key);
  }, [key]);
}
