import { AppError } from '../../http/errors.js';

const HOUR = 3600;
const DAY = 24 * HOUR;
const MB = 1024 * 1024;

/** The write settings' upload quotas (0: no limit). */
export interface UploadQuota {
  max_uploads_per_hour: number;
  max_upload_mb_per_day: number;
}

/** How far back the quotas look: a member's uploads after this time count. */
export const quotaWindowStart = (now: number) => now - DAY;

/**
 * The 429 for an upload of `bytes` that would go past a quota, or null when it fits. `recent` is the
 * member's uploads of the last 24 hours, oldest first. Both windows slide: the hourly count over the
 * last hour, the bytes over the last 24 hours; retry_after is when enough of them have left the window.
 */
export function quotaRefusal(
  quota: UploadQuota,
  recent: { created_at: number; size: number }[],
  bytes: number,
  now: number,
): AppError | null {
  const perHour = quota.max_uploads_per_hour;
  if (perHour > 0) {
    const lastHour = recent.filter((r) => r.created_at > now - HOUR);
    if (lastHour.length >= perHour) {
      // the upload that leaves the window and makes room for one more
      const freeing = lastHour[lastHour.length - perHour];
      const wait = Math.max(1, freeing.created_at + HOUR - now);
      return new AppError(429, 'error.upload.too_many_uploads', { err_type: 'toast', retry_after: wait }, [], {
        count: perHour,
        minutes: Math.ceil(wait / 60),
      });
    }
  }
  const maxBytes = quota.max_upload_mb_per_day * MB;
  if (maxBytes > 0) {
    let used = recent.reduce((sum, r) => sum + r.size, 0);
    if (used + bytes > maxBytes) {
      // the oldest uploads leave the window first: wait until enough bytes have left for this one
      let freedAt = now + DAY;
      for (const r of recent) {
        used -= r.size;
        if (used + bytes <= maxBytes) {
          freedAt = r.created_at + DAY;
          break;
        }
      }
      const wait = Math.max(1, freedAt - now);
      return new AppError(429, 'error.upload.daily_quota_exceeded', { err_type: 'toast', retry_after: wait }, [], {
        mb: quota.max_upload_mb_per_day,
        hours: Math.ceil(wait / HOUR),
      });
    }
  }
  return null;
}
