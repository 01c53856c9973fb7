import type { CountryCallingCode } from "@vaxcal/contracts";
import { parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js/mobile";

/*
 * The live mobile check of docs/product.md §5, shared by registration and account settings. The
 * mobile-only metadata keeps the bundle small for farmers on a weak signal; the server checks again
 * with the full metadata. Some +44 numbers belong to Guernsey, Jersey or the Isle of Man, so the
 * number's own country must match its calling code.
 */
const countryByCallingCode: Record<string, string> = { "353": "IE", "44": "GB" };

/** Ofcom keeps 07700 900000–900999 for drama: such numbers look valid but reach nobody. */
function isDramaNumber(phone: PhoneNumber): boolean {
  return phone.countryCallingCode === "44" && /^7700900\d{3}$/.test(phone.nationalNumber);
}

function isTextableMobile(phone: PhoneNumber | undefined, callingCode: string): boolean {
  if (!phone || !phone.isValid()) return false;
  if (phone.countryCallingCode !== callingCode) return false;
  return phone.country === countryByCallingCode[callingCode] && !isDramaNumber(phone);
}

/** docs/product.md §3: the mobile field is sent as digits only. */
export function stripToDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/** Whether the digits typed after the calling code make an Irish or UK mobile. */
export function isValidMobile(countryCode: CountryCallingCode, typed: string): boolean {
  const digits = stripToDigits(typed);
  // docs/product.md §5: a national number has 2 to 17 digits.
  if (digits.length < 2 || digits.length > 17) return false;
  const callingCode = countryCode.slice(1);
  if (
    isTextableMobile(
      parsePhoneNumberFromString(digits, { defaultCallingCode: callingCode }),
      callingCode,
    )
  ) {
    return true;
  }
  // Some people repeat the calling code: 353 87 123 4567.
  return (
    digits.startsWith(callingCode) &&
    isTextableMobile(parsePhoneNumberFromString(`+${digits}`), callingCode)
  );
}
