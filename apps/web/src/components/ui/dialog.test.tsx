import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { LocalDialog } from "./dialog.tsx";

/*
 * The phone's back button with a popup open closes the popup and stays on the page (issue 25,
 * item 8; decision 430). A dialog adds one history entry while it is open; back takes it away.
 */

function Page() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <main>
      <h1>Review your calendar</h1>
      <button type="button" onClick={() => setIsOpen(true)}>
        Edit shot
      </button>
      {isOpen && (
        <LocalDialog title="Edit the shot" onClose={() => setIsOpen(false)}>
          <button type="button" onClick={() => setIsOpen(false)}>
            Save
          </button>
        </LocalDialog>
      )}
    </main>
  );
}

/**
 * The browser's back, and time for it to land: jsdom traverses history in a later task, and a
 * back that only closes a dialog is kept from the page's own listeners.
 */
async function goBack(): Promise<void> {
  act(() => window.history.back());
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

/** Step 2 at /calendar, reached from /calendars, with its shot editor open. */
async function openEditorOnCalendarPage() {
  const user = userEvent.setup();
  window.history.pushState(null, "", "/calendars");
  window.history.pushState(null, "", "/calendar");
  render(<Page />);
  await user.click(screen.getByRole("button", { name: "Edit shot" }));
  await waitFor(() => expect(window.history.state).not.toBeNull());
  return user;
}

describe("a dialog and the browser's back button (decision 430)", () => {
  it("closes the open dialog on back and stays on the page", async () => {
    const user = userEvent.setup();
    render(<Page />);
    const startLength = window.history.length;
    const pageUrl = window.location.href;

    await user.click(screen.getByRole("button", { name: "Edit shot" }));
    expect(screen.getByRole("dialog", { name: "Edit the shot" })).toBeInTheDocument();
    await waitFor(() => expect(window.history.length).toBe(startLength + 1));

    await goBack();

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("heading", { name: "Review your calendar" })).toBeInTheDocument();
    expect(window.location.href).toBe(pageUrl);
  });

  it("takes its entry away when closed by its own button, so back then leaves the page", async () => {
    const user = await openEditorOnCalendarPage();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    // The dialog's entry is gone: the page's own entry is current again.
    await waitFor(() => expect(window.history.state).toBeNull());
    expect(window.location.pathname).toBe("/calendar");

    await goBack();
    expect(window.location.pathname).toBe("/calendars");
  });

  it("lets a page that moves on as its dialog closes take the dialog's place in history", async () => {
    const user = await openEditorOnCalendarPage();

    // A Save that closes its dialog and goes on to another page, in one go.
    await user.click(screen.getByRole("button", { name: "Save" }));
    window.history.pushState({ page: "done" }, "", "/calendar/7");
    await waitFor(() => expect(window.location.pathname).toBe("/calendar/7"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.location.pathname).toBe("/calendar/7");

    // Back goes to the page the dialog was on, then to the one before: no stray entry between.
    await goBack();
    expect(window.location.pathname).toBe("/calendar");
    await goBack();
    expect(window.location.pathname).toBe("/calendars");
  });
});
