import { useEffect } from "react";
import {
  NotificationType,
  dismissNotification,
  notificationDisplayMs,
  useNotificationStore,
  type Notification,
} from "../../stores/notifications.ts";
import "./notification-area.css";

/**
 * Shows the one current notification (docs/product.md §4). Both live regions stay on the page so
 * that a screen reader announces what is put into them: errors at once, successes politely.
 */
export function NotificationArea() {
  const notification = useNotificationStore((state) => state.notification);

  useEffect(() => {
    if (!notification) return;
    const timer = setTimeout(dismissNotification, notificationDisplayMs);
    return () => clearTimeout(timer);
  }, [notification]);

  return (
    <div className="notification-area">
      <div role="status">
        {notification?.type === NotificationType.success && (
          <NotificationCard notification={notification} />
        )}
      </div>
      <div role="alert">
        {notification?.type === NotificationType.error && (
          <NotificationCard notification={notification} />
        )}
      </div>
    </div>
  );
}

function NotificationCard({ notification }: { notification: Notification }) {
  return (
    <div className={`notification notification--${notification.type}`}>
      <span className="notification__icon" aria-hidden="true">
        {notification.type === NotificationType.success ? "✓" : "!"}
      </span>
      <p className="notification__message">{notification.message}</p>
      <button type="button" className="button button--quiet" onClick={dismissNotification}>
        Dismiss
      </button>
    </div>
  );
}
