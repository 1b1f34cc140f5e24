import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanStatus } from '../../api/admin/lan-query';
import { switchLan, useApplyLanSiteUrl, useLanSwitch } from '../../api/admin/lan-switch-mutation';
import { useFormError } from '../../hooks/useFormError';
import { useFeedback } from '../../components/Feedback';
import type { Errors } from '../../utils/validation';

/** What PUT admin lan takes. */
export type LanSwitchBody = Parameters<typeof switchLan>[0];

/** The LAN page's state: the server's status, the port typed, the refusals, the restart under way, and the calls that change them. */
export function useLanPage() {
  const { t } = useTranslation();
  const status = useLanStatus();
  const change = useLanSwitch();
  const applySiteUrl = useApplyLanSiteUrl();
  const feedback = useFeedback();
  const [port, setPort] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const showError = useFormError(setErrors);
  const [restarting, setRestarting] = useState<string | null>(null);
  const s = status.data;
  const shownPort = port ?? String(s?.enabled ? s.port : 9080);

  const applySuggestedSiteUrl = async () => {
    try {
      const r = await applySiteUrl.mutateAsync();
      feedback.toast('success', t('lan.site_url_set', { url: r.site_url }));
      void status.refetch();
    } catch (err) {
      feedback.toast('error', err instanceof Error ? err.message : t('error.generic'));
    }
  };

  /** Asks the desktop app to restart the server with these settings: says so while it does, else reads the status again. */
  const apply = async (body: LanSwitchBody, restartMessage: string) => {
    setErrors({});
    try {
      const r = await change.mutateAsync(body);
      if (r.restarting) setRestarting(restartMessage);
      else void status.refetch();
    } catch (err) {
      showError(err);
    }
  };

  return { status, s, change, applySiteUrl, applySuggestedSiteUrl, apply, errors, setErrors, restarting, shownPort, setPort };
}

/** The page's state as its parts receive it. */
export type LanPage = ReturnType<typeof useLanPage>;
