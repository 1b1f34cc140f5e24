import { useEffect, useState } from 'react';
import { TIMING } from '../../server/contract/limits';

/** True only once `active` has lasted the skeleton delay (1000 ms), so quick loads show nothing. */
export function useDelayed(active: boolean, delayMs: number = TIMING.skeletonDelayMs): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return shown;
}
