import { act, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../testing/render-app.tsx";
import { ModalName, openModal } from "../../../stores/modals.ts";

describe("the reset e-mail input (docs/product.md §5: 'The reset e-mail input is of type e-mail')", () => {
  it("is an e-mail input on the password reset screen", async () => {
    renderApp("/password/reset");
    const main = within(await screen.findByRole("main"));
    await main.findByRole("button", { name: "Send password reset link" });

    expect(main.getByLabelText("Email address")).toHaveAttribute("type", "email");
  });

  it("is an e-mail input in the password reset modal", async () => {
    renderApp("/logged-out");
    await screen.findByRole("heading", { level: 1 });
    act(() => openModal(ModalName.passwordReset));
    const dialog = within(screen.getByRole("dialog", { name: "Reset your password" }));

    expect(await dialog.findByRole("button", { name: "Send reset link" })).toBeInTheDocument();
    expect(dialog.getByLabelText("Email address")).toHaveAttribute("type", "email");
  });
});
