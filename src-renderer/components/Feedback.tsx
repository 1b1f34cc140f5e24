import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Toast, type ToastHandle } from './ui';
import { TIMING } from '../../server/contract/limits';

interface Feedback {
  toast(severity: 'success' | 'info' | 'warn' | 'error', text: string): void;
  alert(text: string): void;
}

const FeedbackContext = createContext<Feedback>({ toast: () => undefined, alert: () => undefined });

/** Toasts (auto-hide after 5 s) and a message dialog with only a close button. */
export function useFeedback(): Feedback {
  return useContext(FeedbackContext);
}

/** Provides toasts and the message dialog. */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const toastRef = useRef<ToastHandle>(null);
  const [message, setMessage] = useState<string | null>(null);
  const toast = useCallback((severity: 'success' | 'info' | 'warn' | 'error', text: string) => {
    toastRef.current?.show({ severity, summary: text, life: TIMING.toastMs });
  }, []);
  const value = useMemo(() => ({ toast, alert: (text: string) => setMessage(text) }), [toast]);
  return (
    <FeedbackContext.Provider value={value}>
      <Toast ref={toastRef} position="top-center" />
      <Dialog
        header={t('common.app_name')}
        visible={message !== null}
        onHide={() => setMessage(null)}
        style={{ width: 'min(28rem, 92vw)' }}
        footer={<Button label={t('common.close')} onClick={() => setMessage(null)} autoFocus />}
      >
        <p>{message}</p>
      </Dialog>
      {children}
    </FeedbackContext.Provider>
  );
}
