/** Persistent notifications (docs/product-rules.md §3, §4): newest first, at most 10 kept. */
export const MAX_NOTIFICATIONS = 10;

export type NotificationType = "success" | "error" | "warning" | "info";
export type PersistentNotification = {
  id: string;
  type: NotificationType;
  title: string;
  description?: string;
  timestamp: number;
  /** When set, the notification removes itself after this many milliseconds. */
  duration?: number;
};

export type NotificationAction =
  { type: "add"; notification: PersistentNotification } | { type: "dismiss"; id: string } | { type: "clear" };

export function notificationsReducer(
  state: readonly PersistentNotification[],
  action: NotificationAction,
): PersistentNotification[] {
  switch (action.type) {
    case "add":
      return [action.notification, ...state.filter((n) => n.id !== action.notification.id)].slice(0, MAX_NOTIFICATIONS);
    case "dismiss":
      return state.filter((n) => n.id !== action.id);
    case "clear":
      return [];
  }
}
