import type {} from 'altcha/types/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AltchaChallenge } from '../../api/user/types';
import { loadAltcha } from './load-altcha';
import './altcha.css';

/** Props of the altcha widget. */
export interface AltchaWidgetProps {
  challenge: AltchaChallenge;
  /** The widget's payload once the proof of work is done; undefined when it is undone (expired, reset). */
  onPayload(payload: string | undefined): void;
  /** The challenge ran out before it was sent: the dialog asks for a new one. */
  onExpired(): void;
}

type WidgetElement = HTMLElement & { configure?(c: Record<string, unknown>): Promise<void> };

/** The widget's texts from Lantern's locale (the widget's own footer link is left out: the site may be offline). */
function useWidgetStrings() {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => ({
      // the widget looks languages up in lower case, and takes the part before a '-' for a match
      name: `lantern_${i18n.language}`.toLowerCase(),
      strings: {
        ariaLinkLabel: t('captcha.widget.link'),
        cancel: t('captcha.widget.cancel'),
        enterCode: t('captcha.widget.enter_code'),
        enterCodeAria: t('captcha.widget.enter_code_aria'),
        enterCodeFromImage: t('captcha.widget.enter_code_from_image'),
        error: t('captcha.widget.error'),
        expired: t('captcha.widget.expired'),
        footer: '',
        getAudioChallenge: t('captcha.widget.audio'),
        label: t('captcha.widget.label'),
        loading: t('captcha.widget.loading'),
        reload: t('captcha.widget.reload'),
        verify: t('captcha.widget.verify'),
        verificationRequired: t('captcha.widget.required'),
        verified: t('captcha.widget.verified'),
        verifying: t('captcha.widget.verifying'),
        waitAlert: t('captcha.widget.wait'),
      },
    }),
    [t, i18n.language],
  );
}

/** altcha's checkbox: ticked (by mouse, Space or a screen reader), the browser solves the challenge in a worker. */
export function AltchaWidget({ challenge, onPayload, onExpired }: AltchaWidgetProps) {
  const ref = useRef<WidgetElement>(null);
  const { name, strings } = useWidgetStrings();
  const handlers = useRef({ onPayload, onExpired });
  useEffect(() => {
    handlers.current = { onPayload, onExpired };
  });

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let live = true;
    const onState = (e: Event) => {
      const { state, payload } = (e as CustomEvent<{ state: string; payload?: string | null }>).detail;
      handlers.current.onPayload(state === 'verified' && payload ? payload : undefined);
      if (state === 'expired') handlers.current.onExpired();
    };
    el.addEventListener('statechange', onState);
    void loadAltcha().then(async () => {
      if (!live) return;
      globalThis.$altcha.i18n.set(name, strings);
      await el.configure?.({ challenge, language: name, hideFooter: true, type: 'checkbox', minDuration: 300 });
    });
    return () => {
      live = false;
      el.removeEventListener('statechange', onState);
    };
  }, [challenge, name, strings]);

  return <altcha-widget ref={ref} name="captcha_code" />;
}
