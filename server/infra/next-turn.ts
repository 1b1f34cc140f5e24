/**
 * Resolves on the event loop's next turn, after the I/O waiting now. Long work done in steps (an export, an
 * import, a pass over every question) awaits it between steps: its database reads are synchronous, and
 * awaiting them alone never lets the loop turn, so requests would wait for the whole of the work.
 */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
