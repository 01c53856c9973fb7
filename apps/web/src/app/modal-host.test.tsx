import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ModalName, modalCloseAnimationMs, openModal } from "../stores/modals.ts";
import { renderApp } from "../testing/render-app.tsx";

describe("the modal system (docs/product.md §2 'Modals')", () => {
  it("only warns for an unknown modal name and opens nothing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    renderApp("/logged-out");
    await screen.findByRole("heading", { level: 1 });

    act(() => openModal("signup"));

    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"signup"'));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    warn.mockRestore();
  });

  // Every modal's form is tested with its feature; here, that each opens as a labelled dialog.
  it("opens 'vetRegister' as a labelled modal dialog counting '(1/3)'", async () => {
    renderApp("/logged-out");
    await screen.findByRole("heading", { level: 1 });

    act(() => openModal(ModalName.vetRegister));

    const dialog = screen.getByRole("dialog", { name: "Register your vet practice" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(await within(dialog).findByText("(1/3)")).toBeInTheDocument();
  });

  it("opens from the Register button, closes on Escape after the animation, and returns focus", async () => {
    const { user } = renderApp("/logged-out");
    await user.click(await screen.findByRole("button", { name: "Menu" }));
    const register = screen.getByRole("button", { name: "Register" });

    await user.click(register);
    const dialog = screen.getByRole("dialog", { name: "Register with VaxCal" });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.querySelector(".page")).toHaveAttribute("inert");

    const closedAt = performance.now();
    await user.keyboard("{Escape}");
    // Still on the page while the closing animation plays.
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(performance.now() - closedAt).toBeGreaterThanOrEqual(modalCloseAnimationMs - 10);
    expect(document.querySelector(".page")).not.toHaveAttribute("inert");
    await waitFor(() => expect(register).toHaveFocus());
  });

  it("keeps Tab inside the dialog", async () => {
    const { user } = renderApp("/logged-out");
    await screen.findByRole("heading", { level: 1 });
    act(() => openModal(ModalName.logout));
    const dialog = screen.getByRole("dialog");
    const buttons = within(dialog).getAllByRole("button");
    const first = buttons[0];
    const last = buttons.at(-1);

    expect(first).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    await user.tab();
    expect(first).toHaveFocus();
  });

  it("closes when the overlay is clicked", async () => {
    const { user } = renderApp("/logged-out");
    await screen.findByRole("heading", { level: 1 });
    act(() => openModal(ModalName.vetRegister));

    await user.click(document.querySelector(".dialog-overlay") as HTMLElement);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
