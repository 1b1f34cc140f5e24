/** A counter as the header shows it: capped at 99 ("99+", spec section 9). */
export function capCount(n: number): string {
  return n > 99 ? '99+' : String(Math.max(0, n));
}

/** The picture URL of the logged-in user's avatar (user/info sends an object or a URL). */
export function avatarUrl(avatar: { type: string; gravatar: string; custom: string } | string | undefined): string {
  if (!avatar) return '';
  if (typeof avatar === 'string') return avatar;
  if (avatar.type === 'custom') return avatar.custom;
  if (avatar.type === 'gravatar') return avatar.gravatar;
  return '';
}
