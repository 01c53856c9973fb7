import { create } from "zustand";

/** docs/product.md §3 'Global notification'. */
export const NotificationType = { success: "success", error: "error" } as const;
export type NotificationType = (typeof NotificationType)[keyof typeof NotificationType];

export type Notification = {
  /** Tells two notifications with the same text apart, so each gets its full display time. */
  id: number;
  type: NotificationType;
  message: string;
};

/** docs/product.md §9: a notification goes away by itself after 5000 ms. */
export const notificationDisplayMs = 5000;

type NotificationState = { notification: Notification | null };

export const useNotificationStore = create<NotificationState>(() => ({ notification: null }));

let lastId = 0;

/** Shows one notification, replacing the current one (docs/product.md §4: one at a time). */
export function showNotification(type: NotificationType, message: string): void {
  lastId += 1;
  useNotificationStore.setState({ notification: { id: lastId, type, message } });
}

export function dismissNotification(): void {
  useNotificationStore.setState({ notification: null });
}
