import type { CountryCallingCode } from "@vaxcal/contracts";
import { parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js/max";

/** A mobile VaxCal can text: Irish or UK, in the forms the profile needs. */
export type Mobile = {
  /** `+353871234567`: what Twilio is given and what the database stores. */
  e164: string;
  countryCode: CountryCallingCode;
  /** `871234567`: the national number without the trunk 0. */
  nationalNumber: string;
};

/*
 * Some +44 numbers belong to Guernsey, Jersey or the Isle of Man, so the calling code alone is
 * not enough: the number's own country must be Ireland or Great Britain.
 */
const countryByCallingCode: Record<string, string> = { "353": "IE", "44": "GB" };

/** Ofcom keeps 07700 900000–900999 for drama: such numbers look valid but reach nobody. */
function isDramaNumber(phone: PhoneNumber): boolean {
  return phone.countryCallingCode === "44" && /^7700900\d{3}$/.test(phone.nationalNumber);
}

function toMobile(phone: PhoneNumber | undefined): Mobile | null {
  if (!phone || !phone.isValid() || phone.getType() !== "MOBILE") return null;
  const expectedCountry = countryByCallingCode[phone.countryCallingCode];
  if (!expectedCountry || phone.country !== expectedCountry || isDramaNumber(phone)) return null;
  return {
    e164: phone.number,
    countryCode: `+${phone.countryCallingCode}` as CountryCallingCode,
    nationalNumber: phone.nationalNumber,
  };
}

/**
 * The registration and settings form send a calling code and the digits typed after it. The
 * digits may carry the trunk 0 (`0871234567`) or repeat the calling code (`353871234567`).
 */
export function parseMobile(countryCode: CountryCallingCode, digits: string): Mobile | null {
  const callingCode = countryCode.slice(1);
  const national = toMobile(
    parsePhoneNumberFromString(digits, { defaultCallingCode: callingCode }),
  );
  if (national && national.countryCode === countryCode) return national;
  if (digits.startsWith(callingCode)) {
    const international = toMobile(parsePhoneNumberFromString(`+${digits}`));
    if (international && international.countryCode === countryCode) return international;
  }
  return null;
}

/**
 * Every mobile a login username could mean: `+353 87 123 4567`, `00353871234567`,
 * `353871234567`, `087 123 4567` or `07700 912345`. An Irish and a UK reading can both exist.
 */
export function findMobileCandidates(username: string): string[] {
  const compact = username.replace(/[\s\-.()]/g, "");
  if (!/^(\+|00)?\d{6,17}$/.test(compact)) return [];
  const readings = compact.startsWith("+")
    ? [toMobile(parsePhoneNumberFromString(compact))]
    : compact.startsWith("00")
      ? [toMobile(parsePhoneNumberFromString(`+${compact.slice(2)}`))]
      : [
          toMobile(parsePhoneNumberFromString(compact, "IE")),
          toMobile(parsePhoneNumberFromString(compact, "GB")),
          toMobile(parsePhoneNumberFromString(`+${compact}`)),
        ];
  const candidates = readings.filter((mobile) => mobile !== null).map((mobile) => mobile.e164);
  return [...new Set(candidates)];
}
