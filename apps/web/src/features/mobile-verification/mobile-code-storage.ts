import { StorageKey } from "../../config/storage-keys.ts";
import { readStorage, removeStorage, writeStorage } from "../../lib/storage.ts";

/** docs/product.md §2: /verify-mobile?code= keeps the code until the landing page confirms it. */
export function storeMobileVerificationCode(code: string): void {
  writeStorage(StorageKey.mobileVerificationCode, code);
}

export function readMobileVerificationCode(): string | null {
  const code = readStorage(StorageKey.mobileVerificationCode);
  return code === null || code.trim() === "" ? null : code;
}

export function clearMobileVerificationCode(): void {
  removeStorage(StorageKey.mobileVerificationCode);
}
