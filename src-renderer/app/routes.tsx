import { lazy as reactLazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Outlet, type RouteObject } from 'react-router';
import { CenteredLayout, MainLayout } from '../components/Layouts';
import { ErrorPage, MaintenancePage, ServerErrorPage } from '../components/ErrorPage';
import { Guard, SiteGate } from './guards';
import { AdminGuard } from '../pages/Admin/AdminGuard';
import { adminRoutes } from '../pages/Admin/admin-routes';
import { paths } from './paths';

// Screens load lazily so each route ships only its own code.
const lazy = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });
const named =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });
const account = () => import('../pages/Activation');
const recovery = () => import('../pages/Recovery');
const external = () => import('../pages/External');

function suspended<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const C = reactLazy(load);
  return (props: P) => (
    <Suspense fallback={null}>
      <C {...props} />
    </Suspense>
  );
}
const LazyLogin = suspended<object>(() => import('../pages/Login'));
const LazyRegister = suspended<object>(() => import('../pages/Register'));
const LazyRecovery = suspended<object>(() => recovery().then((m) => ({ default: m.AccountRecovery as ComponentType })));
const LazyChangeEmail = suspended<object>(() => recovery().then((m) => ({ default: m.ChangeEmail as ComponentType })));
const LazyActivationSuccess = suspended<object>(() => account().then((m) => ({ default: m.ActivationSuccess as ComponentType })));
const LazyInactive = suspended<object>(() => account().then((m) => ({ default: m.InactivePage as ComponentType })));
const LazySuspended = suspended<object>(() => account().then((m) => ({ default: m.SuspendedPage as ComponentType })));
const ask = () => import('../pages/Ask');
const LazyAsk = suspended<object>(ask);
const LazyEditQuestion = suspended<object>(() => ask().then((m) => ({ default: m.EditQuestionPage as ComponentType })));
const LazyEditAnswer = suspended<object>(() => import('../pages/EditAnswer'));
const LazyLegal = suspended<{ type: 'tos' | 'privacy' }>(() => import('../pages/Legal'));
const LazyConfirmEmail = suspended<object>(() => external().then((m) => ({ default: m.ConfirmEmail as ComponentType })));
const LazyUserCenterAuth = suspended<object>(() => external().then((m) => ({ default: m.UserCenterAuth as ComponentType })));
const LazyTagCreate = suspended<object>(() => import('../pages/Tags/TagCreatePage'));
const LazyTagEdit = suspended<object>(() => import('../pages/Tags/TagEditPage'));
const LazySettings = suspended<object>(() => import('../pages/Settings/SettingsPage'));
const LazyNotifications = suspended<object>(() => import('../pages/Notifications/NotificationsPage'));
const LazyTimeline = suspended<object>(() => import('../pages/Timeline/TimelinePage'));
const LazyReview = suspended<object>(() => import('../pages/Review/ReviewPage'));

function Gate() {
  return (
    <SiteGate>
      <Outlet />
    </SiteGate>
  );
}

/** The route table (every path in paths.ts). */
export const routes: RouteObject[] = [
  {
    element: <Gate />,
    // while the first screen's code loads: an empty, busy page (without it the router warns on every load)
    hydrateFallbackElement: <div className="app-loading" aria-busy="true" />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { path: paths.home, lazy: lazy(() => import('../pages/Home')) },
          { path: paths.questions, lazy: lazy(() => import('../pages/Home')) },
          {
            path: paths.ask,
            element: (
              <Guard kind="activated">
                <LazyAsk />
              </Guard>
            ),
          },
          { path: paths.question, lazy: lazy(() => import('../pages/QuestionDetail')) },
          { path: paths.questionSlug, lazy: lazy(() => import('../pages/QuestionDetail')) },
          { path: paths.questionAnswer, lazy: lazy(() => import('../pages/QuestionDetail')) },
          {
            path: paths.editQuestion,
            element: (
              <Guard kind="activated">
                <LazyEditQuestion />
              </Guard>
            ),
          },
          {
            path: paths.editAnswer,
            element: (
              <Guard kind="activated">
                <LazyEditAnswer />
              </Guard>
            ),
          },
          { path: paths.linkedQuestions, lazy: lazy(() => import('../pages/Linked/LinkedQuestionsPage')) },
          {
            path: paths.questionTimeline,
            element: (
              <Guard kind="login">
                <LazyTimeline />
              </Guard>
            ),
          },
          {
            path: paths.answerTimeline,
            element: (
              <Guard kind="login">
                <LazyTimeline />
              </Guard>
            ),
          },
          { path: paths.search, lazy: lazy(() => import('../pages/Search/SearchPage')) },
          { path: paths.tags, lazy: lazy(() => import('../pages/Tags/TagsPage')) },
          {
            path: paths.tagCreate,
            element: (
              <Guard kind="activated">
                <LazyTagCreate />
              </Guard>
            ),
          },
          { path: paths.tag, lazy: lazy(() => import('../pages/Tags/TagPage')) },
          { path: paths.tagInfo, lazy: lazy(() => import('../pages/Tags/TagInfoPage')) },
          {
            path: paths.tagEdit,
            element: (
              <Guard kind="activated">
                <LazyTagEdit />
              </Guard>
            ),
          },
          {
            path: paths.tagTimeline,
            element: (
              <Guard kind="login">
                <LazyTimeline />
              </Guard>
            ),
          },
          { path: paths.users, lazy: lazy(() => import('../pages/Users/UsersPage')) },
          { path: paths.user, lazy: lazy(() => import('../pages/Users/UserProfilePage')) },
          { path: paths.userTab, lazy: lazy(() => import('../pages/Users/UserProfilePage')) },
          {
            path: paths.settings,
            element: (
              <Guard kind="login">
                <LazySettings />
              </Guard>
            ),
          },
          {
            path: paths.settingsTab,
            element: (
              <Guard kind="login">
                <LazySettings />
              </Guard>
            ),
          },
          {
            path: paths.notifications,
            element: (
              <Guard kind="login">
                <LazyNotifications />
              </Guard>
            ),
          },
          {
            path: paths.notificationsSub,
            element: (
              <Guard kind="login">
                <LazyNotifications />
              </Guard>
            ),
          },
          { path: paths.content, lazy: named(() => import('../pages/Legal'), 'ContentPage') },
          { path: paths.badges, lazy: lazy(() => import('../pages/Badges/BadgesPage')) },
          { path: paths.badge, lazy: lazy(() => import('../pages/Badges/BadgePage')) },
          {
            path: paths.review,
            element: (
              <Guard kind="staff">
                <LazyReview />
              </Guard>
            ),
          },
          {
            // the admin area: the guard reloads the user, then only admins reach the admin frame and its pages
            path: paths.admin,
            element: <AdminGuard />,
            children: [{ lazy: lazy(() => import('../pages/Admin/AdminLayout')), children: adminRoutes }],
          },
          { path: paths.notFound, element: <ErrorPage kind={404} /> },
          { path: paths.serverError, element: <ServerErrorPage /> },
          { path: '*', element: <ErrorPage kind={404} /> },
        ],
      },
      {
        element: <CenteredLayout />,
        children: [
          {
            path: paths.login,
            element: (
              <Guard kind="loggedOut">
                <LazyLogin />
              </Guard>
            ),
          },
          {
            path: paths.register,
            element: (
              <Guard kind="registration">
                <LazyRegister />
              </Guard>
            ),
          },
          { path: paths.logout, lazy: named(account, 'LogoutPage') },
          {
            path: paths.accountRecovery,
            element: (
              <Guard kind="loggedOut">
                <LazyRecovery />
              </Guard>
            ),
          },
          { path: paths.passwordReset, lazy: named(recovery, 'PasswordReset') },
          {
            path: paths.changeEmail,
            element: (
              <Guard kind="notActivated">
                <LazyChangeEmail />
              </Guard>
            ),
          },
          { path: paths.confirmNewEmail, lazy: named(account, 'ConfirmNewEmail') },
          { path: paths.activation, lazy: named(account, 'ActivationLanding') },
          {
            path: paths.activationSuccess,
            element: (
              <Guard kind="activated">
                <LazyActivationSuccess />
              </Guard>
            ),
          },
          { path: paths.activationFailed, lazy: named(account, 'ActivationFailed') },
          { path: paths.claim, lazy: lazy(() => import('../pages/Claim')) },
          {
            path: paths.inactive,
            element: (
              <Guard kind="notActivated">
                <LazyInactive />
              </Guard>
            ),
          },
          {
            path: paths.suspended,
            element: (
              <Guard kind="suspended">
                <LazySuspended />
              </Guard>
            ),
          },
          { path: paths.unsubscribe, lazy: named(account, 'Unsubscribe') },
          {
            path: paths.confirmEmail,
            element: (
              <Guard kind="loggedOut">
                <LazyConfirmEmail />
              </Guard>
            ),
          },
          { path: paths.authLanding, lazy: named(external, 'AuthLanding') },
          {
            path: paths.userCenterAuth,
            element: (
              <Guard kind="loggedOut">
                <LazyUserCenterAuth />
              </Guard>
            ),
          },
          { path: paths.userCenterAuthFailed, lazy: named(external, 'UserCenterAuthFailed') },
          { path: paths.forbidden, element: <ErrorPage kind={403} /> },
          { path: paths.tos, element: <LazyLegal type="tos" /> },
          { path: paths.privacy, element: <LazyLegal type="privacy" /> },
          { path: paths.maintenance, element: <MaintenancePage /> },
          { path: paths.install, lazy: lazy(() => import('../pages/Install')) },
        ],
      },
    ],
  },
];

/** Builds the browser router under the server's base path. */
export function createAppRouter(basename: string) {
  return createBrowserRouter(routes, { basename: basename || '/' });
}

/**
 * Starts loading the code of the screens a path opens, so that it arrives while startup still fetches the
 * site settings and the user (the router would ask for it only after them). The router's own later call finds
 * the module loaded.
 */
export function preloadRoute(pathname: string, basename: string): void {
  for (const { route } of matchRoutes(routes, pathname, basename || '/') ?? []) {
    if (typeof route.lazy === 'function') void Promise.resolve(route.lazy()).catch(() => undefined);
  }
}
