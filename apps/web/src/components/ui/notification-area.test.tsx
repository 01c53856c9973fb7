import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NotificationType, showNotification } from "../../stores/notifications.ts";
import { NotificationArea } from "./notification-area.tsx";

describe("NotificationArea", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("announces a success politely and goes away by itself after 5000 ms", () => {
    vi.useFakeTimers();
    render(<NotificationArea />);
    act(() => showNotification(NotificationType.success, "Settings saved successfully!"));

    expect(screen.getByRole("status")).toHaveTextContent("Settings saved successfully!");
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText("Settings saved successfully!")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Settings saved successfully!")).not.toBeInTheDocument();
  });

  it("gives a replacing notification its own full 5000 ms", () => {
    vi.useFakeTimers();
    render(<NotificationArea />);
    act(() => showNotification(NotificationType.success, "First"));
    act(() => vi.advanceTimersByTime(3000));
    act(() => showNotification(NotificationType.error, "Second"));
    act(() => vi.advanceTimersByTime(4000));

    expect(screen.queryByText("First")).not.toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Second");
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText("Second")).not.toBeInTheDocument();
  });

  it("announces an error as an alert and closes it with Dismiss", async () => {
    const user = userEvent.setup();
    render(<NotificationArea />);
    act(() => showNotification(NotificationType.error, "Failed to load user calendars"));

    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load user calendars");
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText("Failed to load user calendars")).not.toBeInTheDocument();
  });
});
