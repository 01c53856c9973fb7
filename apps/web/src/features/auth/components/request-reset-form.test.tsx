import { act, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../testing/render-app.tsx";
import { ModalName, openModal } from "../../../stores/modals.ts";

// docs/decisions/202 rules over docs/product.md §5's e-mail input: the input takes an e-mail or a mobile, so
// it is a text input that still brings up the e-mail keyboard.
describe("the reset contact input (docs/decisions/202: the e-mail or the mobile of the account)", () => {
  it("takes an e-mail or a mobile on the password reset screen", async () => {
    renderApp("/password/reset");
    const main = within(await screen.findByRole("main"));
    await main.findByRole("button", { name: "Send password reset link" });

    expect(main.getByLabelText("Email address or mobile number")).toHaveAttribute("type", "text");
  });

  it("takes an e-mail or a mobile in the password reset modal", async () => {
    renderApp("/logged-out");
    await screen.findByRole("heading", { level: 1 });
    act(() => openModal(ModalName.passwordReset));
    const dialog = within(screen.getByRole("dialog", { name: "Reset your password" }));

    expect(await dialog.findByRole("button", { name: "Send reset link" })).toBeInTheDocument();
    expect(dialog.getByLabelText("Email address or mobile number")).toHaveAttribute(
      "inputmode",
      "email",
    );
  });
});
