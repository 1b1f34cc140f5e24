/**
 * Counts an answer other than 2xx under its status and the envelope's reason (e.g. "403
 * error.answer.restrict_answer"): the bench's drivers and the soak test report refusals this way.
 */
export function countRefusal(refused: Record<string, number>, status: number, body: string): void {
  let reason = '';
  try {
    reason = String((JSON.parse(body) as { reason?: unknown }).reason ?? '');
  } catch {
    /* not an envelope */
  }
  const key = `${status} ${reason}`.trim();
  refused[key] = (refused[key] ?? 0) + 1;
}
