import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import type { SiteInfo } from '../api/site/types';
import type { CurrentUser } from '../api/user/types';
import { FeedbackProvider, useFeedback } from '../components/Feedback';
import { UiProvider } from '../components/ui';
import { basePath } from '../utils/base-path';
import { installErrorPolicy } from './error-policy';
import { createAppRouter } from './routes';
import { LiveSiteSession } from './live-site';
import { useSession } from './session';

function Routed() {
  const router = useMemo(() => createAppRouter(basePath()), []);
  const feedback = useFeedback();
  const { signOut } = useSession();
  const { t } = useTranslation();
  useEffect(() => {
    installErrorPolicy({
      navigate: (to, state) => void router.navigate(to, state ? { state } : undefined),
      pathname: () => router.state.location.pathname,
      toast: (text) => feedback.toast('error', text),
      alert: feedback.alert,
      onSignedOut: () => void signOut(),
      t,
    });
  }, [router, feedback, signOut, t]);
  return <RouterProvider router={router} />;
}

/** The whole app once startup has loaded the site settings and the user. */
export function App({ site, user }: { site: SiteInfo; user: CurrentUser | null }) {
  const queryClient = useMemo(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }), []);
  return (
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <LiveSiteSession site={site} user={user}>
          <FeedbackProvider>
            <Routed />
          </FeedbackProvider>
        </LiveSiteSession>
      </QueryClientProvider>
    </UiProvider>
  );
}
