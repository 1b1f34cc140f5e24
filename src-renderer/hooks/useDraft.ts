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
/**
 * The draft saved under `key` when `parse` accepts its shape. Local storage outlives versions of the app and
 * can be edited by hand: a draft of another shape is dropped (and removed) instead of trusted.
 */
export function readDraft<T>(key: string, parse: (saved: unknown) => T | null): T | null {
  const saved = readLocal<unknown>(key);
  if (saved === null || saved === undefined) return null;
  const draft = parse(saved);
  if (draft === null) removeLocal(key);
  return draft;
}

/** The object's string field, or undefined when it is missing or not a string. */
export function stringField(saved: unknown, name: string): string | undefined {
  if (typeof saved !== 'object' || saved === null) return undefined;
  const value = (saved as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
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
