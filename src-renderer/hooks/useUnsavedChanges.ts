import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * The unsaved-changes prompt: while `dirty`, leaving for another page in the app is held (the
 * caller shows a confirm dialog from `blocker`), and closing or reloading the tab asks the browser
 * to warn. `allow()` lets the next navigation through (after a successful save).
 */
export function useUnsavedChanges(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  const allowed = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
    if (dirty) allowed.current = false;
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirtyRef.current && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (allowed.current) return;
      e.preventDefault();
      // older browsers need a return value to show their prompt
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  const allow = useCallback(() => {
    allowed.current = true;
  }, []);
  return {
    /** Whether the prompt should show. */
    prompting: blocker.state === 'blocked',
    leave: () => blocker.state === 'blocked' && blocker.proceed(),
    stay: () => blocker.state === 'blocked' && blocker.reset(),
    allow,
  };
}
