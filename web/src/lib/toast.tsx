import { Toast } from 'primereact/toast';
import { createContext, useCallback, useContext, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from './error-message.ts';

/** Toast lifetimes (spec document 1, section 9): errors close after 2 s, everything else after 3000 ms. */
export const ERROR_TOAST_MS = 2000;
export const DEFAULT_TOAST_MS = 3000;

export interface Toaster {
  /** An error from an API call, an error code, or anything thrown: shown by the spec's error-toast rule. */
  error(error: unknown): void;
  /** An error text already worded for the user (e.g. the subscription expiry message). */
  errorText(text: string): void;
  success(text: string): void;
  info(text: string): void;
  warn(text: string): void;
}

const ToastContext = createContext<Toaster | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const ref = useRef<Toast>(null);
  const { t, i18n } = useTranslation();

  const show = useCallback(
    (severity: 'success' | 'info' | 'warn' | 'error', detail: string, life = DEFAULT_TOAST_MS) =>
      ref.current?.show({ severity, summary: t(`toast.${severity}`), detail, life }),
    [t],
  );

  const toaster = useMemo<Toaster>(
    () => ({
      error: (error) => show('error', errorMessage(error, { t: (k) => t(k), exists: (k) => i18n.exists(k) }), ERROR_TOAST_MS),
      errorText: (text) => show('error', text, ERROR_TOAST_MS),
      success: (text) => show('success', text),
      info: (text) => show('info', text),
      warn: (text) => show('warn', text),
    }),
    [show, t, i18n],
  );

  return (
    <ToastContext.Provider value={toaster}>
      {/* below the top bar and the public pages' language and theme controls */}
      <Toast ref={ref} position="top-right" className="app-toast" />
      {children}
    </ToastContext.Provider>
  );
}

export const useToast = (): Toaster => {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast must be used inside ToastProvider');
  return toaster;
};
