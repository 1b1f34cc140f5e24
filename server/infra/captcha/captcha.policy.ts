import type { CaptchaAction } from '../../contract/enums.js';

export { CAPTCHA_ACTIONS, type CaptchaAction } from '../../contract/enums.js';

/** A unit's record for one action today. */
export interface ActionRecord {
  count: number;
  first_at: number;
  last_at: number;
}

/** Whether the next `action` needs a captcha, by the reference's thresholds. */
export function needsCaptcha(action: CaptchaAction, rec: ActionRecord | undefined, now: number): boolean {
  if (action === 'email') return true;
  if (!rec) return false;
  const sinceLast = now - rec.last_at;
  switch (action) {
    case 'password':
    case 'edit_userinfo':
      return rec.count >= 3 && now - rec.first_at <= 30 * 60;
    case 'question':
    case 'answer':
      return sinceLast <= 5 || rec.count >= 10;
    case 'comment':
      return sinceLast <= 1 || rec.count >= 30;
    case 'edit':
      return rec.count >= 10;
    case 'invitation_answer':
      return rec.count >= 30;
    case 'search':
      return rec.count >= 20 && now - rec.first_at <= 60;
    case 'report':
      return sinceLast <= 1 || rec.count >= 30;
    case 'delete':
      return sinceLast <= 5 || rec.count >= 5;
    case 'vote':
      return rec.count >= 40;
  }
}
