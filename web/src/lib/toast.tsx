import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import '../components/lean-controls.css';
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

type Severity = 'success' | 'info' | 'warn' | 'error';

interface ToastMessage {
  id: number;
  severity: Severity;
  summary: string;
  detail: string;
  life: number;
}

const severityIcons: Record<Severity, string> = {
  success: 'pi pi-check',
  info: 'pi pi-info-circle',
  warn: 'pi pi-exclamation-triangle',
  error: 'pi pi-times-circle',
};

const ToastContext = createContext<Toaster | null>(null);

/** One message, in PrimeReact Toast's markup (the theme styles it): it closes after its life unless hovered. */
function ToastItem({ message, onClose }: { message: ToastMessage; onClose: (id: number) => void }) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    if (hovered) return;
    const timer = setTimeout(() => onClose(message.id), message.life);
    return () => clearTimeout(timer);
  }, [hovered, message, onClose]);
  return (
    <div
      className={`p-toast-message p-toast-message-${message.severity}`}
      role="alert"
      aria-live="assertive"
      aria-atomic="true"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div className="p-toast-message-content">
        <span className={`p-toast-message-icon ${severityIcons[message.severity]}`} aria-hidden="true" />
        <div className="p-toast-message-text">
          <span className="p-toast-summary">{message.summary}</span>
          <div className="p-toast-detail">{message.detail}</div>
        </div>
        <div>
          <button
            type="button"
            className="p-toast-icon-close p-link"
            aria-label={t('a11y.close')}
            onClick={() => onClose(message.id)}
          >
            <span className="p-toast-icon-close-icon pi pi-times" aria-hidden="true" />
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * The app's toasts, top right. Not PrimeReact's Toast: it would bring PrimeReact's runtime into every page's
 * first load, the sign-in page's included; the markup and classes are the same, so the theme styles it alike.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [messages, setMessages] = useState<ToastMessage[]>([]);
  const nextId = useRef(0);

  const close = useCallback((id: number) => setMessages((list) => list.filter((m) => m.id !== id)), []);

  const show = useCallback(
    (severity: Severity, detail: string, life = DEFAULT_TOAST_MS) => {
      const id = ++nextId.current;
      setMessages((list) => [...list, { id, severity, summary: t(`toast.${severity}`), detail, life }]);
    },
    [t],
  );

  const toaster = useMemo<Toaster>(
    () => ({
      error: (error) =>
        show(
          'error',
          errorMessage(error, { t: (k, options) => t(k, options ?? {}), exists: (k) => i18n.exists(k) }),
          ERROR_TOAST_MS,
        ),
      errorText: (text) => show('error', text, ERROR_TOAST_MS),
      success: (text) => show('success', text),
      info: (text) => show('info', text),
      warn: (text) => show('warn', text),
    }),
    [show, t, i18n],
  );

  return (
    <ToastContext.Provider value={toaster}>
      {/* above any dialog or overlay; its top edge is app.css's, below the top bar or a page's own toolbar */}
      <div className="p-toast p-component p-toast-top-right app-toast" style={{ position: 'fixed', right: 20, zIndex: 9000 }}>
        {messages.map((m) => (
          <ToastItem key={m.id} message={m} onClose={close} />
        ))}
      </div>
      {children}
    </ToastContext.Provider>
  );
}

export const useToast = (): Toaster => {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast must be used inside ToastProvider');
  return toaster;
};

/** The CSS variable the toasts' top edge follows (app.css), below the top bar unless a page moves it. */
const TOAST_TOP_VAR = '--toast-top';

/**
 * Keeps the toasts below a page's own toolbar while the page is shown: the flow editor's bar holds its Testar and
 * Salvar buttons at the top right, where toasts appear, and a toast must not cover the button just pressed. The
 * toolbar's bottom edge is followed as it wraps or the window resizes.
 */
export const useToastsBelow = (toolbar: RefObject<HTMLElement | null>, ready = true): void => {
  useEffect(() => {
    const el = toolbar.current;
    if (!ready || !el) return;
    const root = document.documentElement;
    const place = () =>
      root.style.setProperty(
        TOAST_TOP_VAR,
        `calc(max(var(--topbar-height), ${Math.round(el.getBoundingClientRect().bottom)}px) + 0.75rem)`,
      );
    place();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    observer?.observe(el);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
      root.style.removeProperty(TOAST_TOP_VAR);
    };
  }, [toolbar, ready]);
};
