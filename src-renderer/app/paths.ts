/** Every path of the app, built in one place. */
export const paths = {
  home: '/',
  questions: '/questions',
  search: '/search',
  login: '/users/login',
  register: '/users/register',
  logout: '/users/logout',
  accountRecovery: '/users/account-recovery',
  passwordReset: '/users/password-reset',
  changeEmail: '/users/change-email',
  confirmNewEmail: '/users/confirm-new-email',
  activation: '/users/account-activation',
  activationSuccess: '/users/account-activation/success',
  activationFailed: '/users/account-activation/failed',
  inactive: '/users/inactive',
  suspended: '/users/account-suspended',
  unsubscribe: '/users/unsubscribe',
  tos: '/tos',
  privacy: '/privacy',
  forbidden: '/403',
  notFound: '/404',
  serverError: '/50x',
  maintenance: '/maintenance',
  install: '/install',
  adminLan: '/admin/lan',
} as const;

/** Pages reachable while the site requires login (spec section 4). */
export const LOGIN_EXEMPT = [
  paths.login, paths.register, paths.accountRecovery, paths.changeEmail, paths.passwordReset, paths.activation,
  paths.confirmNewEmail, '/users/confirm-email', '/users/auth-landing', '/user-center', paths.tos, paths.privacy,
  paths.unsubscribe, paths.forbidden, paths.notFound, paths.serverError, paths.maintenance, paths.suspended,
];

/** Whether a path is exempt from the site-wide login requirement and from error pages. */
export function isExempt(pathname: string): boolean {
  return LOGIN_EXEMPT.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
