import type { TFunction } from 'i18next';
import { ADMIN, setErrorPolicy } from '../api/client';
import type { ApiError } from '../api/errors';
import { clearToken } from '../api/token';
import { currentLanguage } from '../i18n';
import { isExempt, paths } from './paths';
import { rememberPage } from './session';

/** What the policy may do to the app. */
export interface PolicyHooks {
  navigate(to: string, state?: Record<string, unknown>): void;
  pathname(): string;
  toast(text: string): void;
  alert(text: string): void;
  onSignedOut(): void;
  t: TFunction;
}

/** Installs spec section 8's handling of errors that callers did not take on themselves. */
export function installErrorPolicy(h: PolicyHooks): void {
  setErrorPolicy({
    language: currentLanguage,
    onError(err: ApiError, opts, path) {
      const exempt = isExempt(h.pathname());
      if (err.status === 0) {
        h.toast(err.reason === 'client.timeout' ? h.t('error.timeout') : h.t('error.network'));
        return;
      }
      if (err.status === 401) {
        void clearToken();
        h.onSignedOut();
        rememberPage(h.pathname());
        h.navigate(paths.login);
        return;
      }
      if (err.status === 403) {
        const type = err.pageType;
        if (type === 'url_expired') h.navigate(paths.activationFailed);
        else if (type === 'inactive') h.navigate(paths.inactive);
        else if (type === 'suspended') h.navigate(paths.suspended, { suspended: true });
        // a refused admin call (the role was taken away meanwhile) shows the 403 page
        else if (!exempt && path.startsWith(`${ADMIN}/`)) h.navigate(paths.forbidden);
        else if (!exempt) h.toast(err.message);
        return;
      }
      if (err.status === 404 && opts.allow404Page && !exempt) {
        h.navigate(paths.notFound);
        return;
      }
      // a restore is swapping the data in: the maintenance page, which comes back here afterwards
      if (err.status === 503 && err.reason === 'base.maintenance') {
        if (!exempt) h.navigate(`${paths.maintenance}?back=${encodeURIComponent(h.pathname())}`);
        return;
      }
      if (err.status >= 500) {
        if (!opts.ignore50x && !exempt) h.navigate(paths.serverError);
        return;
      }
      if (err.errType === 'alert' || err.errType === 'modal' || (Array.isArray(err.data) && err.data.length === 0)) h.alert(err.message);
      else if (err.fieldErrors.length === 0) h.toast(err.message);
    },
  });
}
