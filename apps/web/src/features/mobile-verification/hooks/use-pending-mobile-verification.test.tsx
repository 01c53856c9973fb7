import { accountMessages } from "@vaxcal/contracts";
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { NotificationArea } from "../../../components/ui/notification-area.tsx";
import { StorageKey } from "../../../config/storage-keys.ts";
import { useAuthStore } from "../../../stores/auth.ts";
import {
  mobileVerificationFailedMessage,
  usePendingMobileVerification,
} from "./use-pending-mobile-verification.ts";

function renderCheck(verify: (code: string) => Promise<void>) {
  function Check() {
    usePendingMobileVerification(verify);
    return <NotificationArea />;
  }
  render(<Check />);
}

describe("usePendingMobileVerification", () => {
  it("does nothing when no code is stored", () => {
    const verify = vi.fn(async () => {});
    renderCheck(verify);

    expect(verify).not.toHaveBeenCalled();
  });

  it("keeps a stored code until someone is signed in, then sends it", async () => {
    window.localStorage.setItem(StorageKey.mobileVerificationCode, "123456");
    const verify = vi.fn(async () => {});
    renderCheck(verify);
    expect(verify).not.toHaveBeenCalled();

    act(() => useAuthStore.setState({ isAuthenticated: true }));

    expect(await screen.findByRole("status")).toHaveTextContent(accountMessages.mobileVerified);
    expect(verify).toHaveBeenCalledExactlyOnceWith("123456");
  });

  it("confirms a stored code once, says so and clears it", async () => {
    useAuthStore.setState({ isAuthenticated: true });
    window.localStorage.setItem(StorageKey.mobileVerificationCode, "123456");
    const verify = vi.fn(async () => {});
    renderCheck(verify);

    expect(await screen.findByRole("status")).toHaveTextContent(accountMessages.mobileVerified);
    expect(verify).toHaveBeenCalledExactlyOnceWith("123456");
    expect(window.localStorage.getItem(StorageKey.mobileVerificationCode)).toBeNull();
  });

  it("says it failed and keeps the code for another try", async () => {
    useAuthStore.setState({ isAuthenticated: true });
    window.localStorage.setItem(StorageKey.mobileVerificationCode, "123456");
    renderCheck(async () => {
      throw new Error("Invalid code");
    });

    expect(await screen.findByText(mobileVerificationFailedMessage)).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(mobileVerificationFailedMessage);
    expect(window.localStorage.getItem(StorageKey.mobileVerificationCode)).toBe("123456");
  });
});
