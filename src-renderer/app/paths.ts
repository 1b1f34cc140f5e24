/** Every path of the app, built in one place. */
export const paths = {
  home: '/',
  questions: '/questions',
  ask: '/questions/ask',
  question: '/questions/:qid',
  questionSlug: '/questions/:qid/:slug',
  questionAnswer: '/questions/:qid/:slug/:aid',
  editQuestion: '/posts/:qid/edit',
  editAnswer: '/posts/:qid/:aid/edit',
  linkedQuestions: '/questions/linked/:qid',
  questionTimeline: '/posts/:qid/timeline',
  answerTimeline: '/posts/:qid/:aid/timeline',
  search: '/search',
  tags: '/tags',
  tagCreate: '/tags/create',
  tag: '/tags/:tagName',
  tagInfo: '/tags/:tagName/info',
  tagEdit: '/tags/:tagId/edit',
  tagTimeline: '/tags/:tid/timeline',
  content: '/content/:body',
  users: '/users',
  user: '/users/:username',
  userTab: '/users/:username/:tabName',
  settings: '/users/settings',
  settingsTab: '/users/settings/:tab',
  notifications: '/users/notifications/:type',
  notificationsSub: '/users/notifications/:type/:subType',
  badges: '/badges',
  badge: '/badges/:badgeId',
  review: '/review',
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
  claim: '/users/claim',
  inactive: '/users/inactive',
  suspended: '/users/account-suspended',
  unsubscribe: '/users/unsubscribe',
  confirmEmail: '/users/confirm-email',
  authLanding: '/users/auth-landing',
  userCenterAuth: '/user-center/auth',
  userCenterAuthFailed: '/user-center/auth-failed',
  tos: '/tos',
  privacy: '/privacy',
  forbidden: '/403',
  notFound: '/404',
  serverError: '/50x',
  maintenance: '/maintenance',
  install: '/install',
  adminLan: '/admin/lan',
  // the admin area (spec section 2): admin only
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminQuestions: '/admin/questions',
  adminAnswers: '/admin/answers',
  adminUsers: '/admin/users',
  adminUser: '/admin/users/:userId',
  adminBadges: '/admin/badges',
  adminThemes: '/admin/themes',
  adminCssHtml: '/admin/css-html',
  adminGeneral: '/admin/general',
  adminInterface: '/admin/interface',
  adminBranding: '/admin/branding',
  adminSmtp: '/admin/smtp',
  adminLegal: '/admin/legal',
  adminWrite: '/admin/write',
  adminSeo: '/admin/seo',
  adminLogin: '/admin/login',
  adminSettingsUsers: '/admin/settings-users',
  adminPrivileges: '/admin/privileges',
  adminApiKeys: '/admin/api-keys',
  adminMcp: '/admin/mcp',
  adminInstalledPlugins: '/admin/installed-plugins',
  adminPlugin: '/admin/:slugName',
  adminShowboard: '/admin/showboard',
  adminImport: '/admin/import',
  adminBackups: '/admin/backups',
  adminWebhooks: '/admin/webhooks',
} as const;

/** Whether question links carry the title slug (permalink settings 1 and 3 do). */
export function slugInLinks(permalink: number | undefined): boolean {
  return permalink === 1 || permalink === 3;
}

/** Paths with parameters, built from the patterns above. */
export const to = {
  /** A question, with its slug when the permalink setting wants one, and an answer to scroll to (as the reference: /questions/{qid}[/{slug}][/{aid}]). */
  question(id: string, slug?: string, answerId?: string): string {
    const parts = ['/questions', encodeURIComponent(id)];
    if (slug) parts.push(encodeURIComponent(slug));
    if (answerId) parts.push(encodeURIComponent(answerId));
    return parts.join('/');
  },
  /** The question list (at /questions or the home page), optionally filtered by a tag, in an order, on a page. */
  questions(q: { tag?: string; order?: string; page?: number } = {}, base: string = paths.questions): string {
    const qs = new URLSearchParams();
    if (q.tag) qs.set('tag', q.tag);
    if (q.order) qs.set('order', q.order);
    if (q.page && q.page > 1) qs.set('page', String(q.page));
    const s = qs.toString();
    return s ? `${base}?${s}` : base;
  },
  editQuestion: (id: string) => `/posts/${encodeURIComponent(id)}/edit`,
  editAnswer: (questionId: string, answerId: string) => `/posts/${encodeURIComponent(questionId)}/${encodeURIComponent(answerId)}/edit`,
  user: (username: string, tab?: string) => `/users/${encodeURIComponent(username)}${tab ? `/${encodeURIComponent(tab)}` : ''}`,
  tag: (slugName: string) => `/tags/${encodeURIComponent(slugName)}`,
  tagInfo: (slugName: string) => `/tags/${encodeURIComponent(slugName)}/info`,
  tagEdit: (tagId: string) => `/tags/${encodeURIComponent(tagId)}/edit`,
  tagTimeline: (tagId: string) => `/tags/${encodeURIComponent(tagId)}/timeline`,
  questionTimeline: (questionId: string) => `/posts/${encodeURIComponent(questionId)}/timeline`,
  answerTimeline: (questionId: string, answerId: string) =>
    `/posts/${encodeURIComponent(questionId)}/${encodeURIComponent(answerId)}/timeline`,
  linkedQuestions: (questionId: string) => `/questions/linked/${encodeURIComponent(questionId)}`,
  settings: (tab = 'profile') => `/users/settings/${encodeURIComponent(tab)}`,
  notifications: (type: 'inbox' | 'achievement' = 'inbox', subType?: string) =>
    `/users/notifications/${type}${subType ? `/${encodeURIComponent(subType)}` : ''}`,
  badge: (badgeId: string) => `/badges/${encodeURIComponent(badgeId)}`,
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  adminUser: (userId: string) => `/admin/users/${encodeURIComponent(userId)}`,
  adminPlugin: (slugName: string) => `/admin/${encodeURIComponent(slugName)}`,
};

/** Pages reachable while the site requires login (spec section 4). */
export const LOGIN_EXEMPT = [
  paths.login,
  paths.register,
  paths.accountRecovery,
  paths.changeEmail,
  paths.passwordReset,
  paths.activation,
  paths.confirmNewEmail,
  paths.confirmEmail,
  paths.authLanding,
  '/user-center',
  paths.tos,
  paths.privacy,
  paths.unsubscribe,
  paths.claim,
  paths.forbidden,
  paths.notFound,
  paths.serverError,
  paths.maintenance,
  paths.suspended,
];

/** Whether a path is exempt from the site-wide login requirement and from error pages. */
export function isExempt(pathname: string): boolean {
  return LOGIN_EXEMPT.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
