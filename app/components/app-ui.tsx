import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { notificationsReducer, type NotificationType, type PersistentNotification } from "~/domain/notifications";

export type ToastMessage = { id: string; type: "success" | "error" | "info"; title: string; description?: string };
export type LoadingState = { isLoading: boolean; message: string; progress?: number };

type AppUi = {
  notifications: PersistentNotification[];
  notify: (n: { type: NotificationType; title: string; description?: string; duration?: number }) => void;
  dismissNotification: (id: string) => void;
  clearNotifications: () => void;
  toasts: ToastMessage[];
  toast: (t: Omit<ToastMessage, "id">) => void;
  removeToast: (id: string) => void;
  loading: LoadingState;
  setLoading: (state: LoadingState) => void;
};

const AppUiContext = createContext<AppUi | null>(null);

let counter = 0;
const nextId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** Client-side UI state shared by every screen: toasts, persistent notifications, the loading overlay. */
export function AppUiProvider({ children }: { children: ReactNode }) {
  const [notifications, dispatch] = useReducer(notificationsReducer, []);
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const [loading, setLoading] = useState<LoadingState>({ isLoading: false, message: "" });
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const dismissNotification = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    dispatch({ type: "dismiss", id });
  }, []);

  const notify = useCallback<AppUi["notify"]>(
    (n) => {
      const id = nextId();
      dispatch({ type: "add", notification: { ...n, id, timestamp: Date.now() } });
      if (n.duration)
        timers.current.set(
          id,
          setTimeout(() => dismissNotification(id), n.duration),
        );
    },
    [dismissNotification],
  );

  // Stable, so a screen can toast from an effect that lists it as a dependency without the new
  // toast re-running that effect (which looped: the login boxes kept clearing after a wrong code).
  const toast = useCallback<AppUi["toast"]>((t) => setToasts([{ ...t, id: nextId() }]), []);
  const removeToast = useCallback((id: string) => setToasts((all) => all.filter((t) => t.id !== id)), []);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const value = useMemo<AppUi>(
    () => ({
      notifications,
      notify,
      dismissNotification,
      clearNotifications: () => dispatch({ type: "clear" }),
      toasts,
      // One toast at a time (docs/product-rules.md §9): a new one replaces the current.
      toast,
      removeToast,
      loading,
      setLoading,
    }),
    [notifications, notify, dismissNotification, toasts, toast, removeToast, loading],
  );
  return <AppUiContext.Provider value={value}>{children}</AppUiContext.Provider>;
}

export function useAppUi(): AppUi {
  const ui = useContext(AppUiContext);
  if (!ui) throw new Error("useAppUi outside AppUiProvider");
  return ui;
}
