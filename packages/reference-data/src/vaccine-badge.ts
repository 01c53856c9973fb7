import type { Vaccine } from "@vaxcal/contracts";

/** The local path each vaccine's generated badge is served from; no third-party logos are used. */
export const buildVaccineBadgePath = (name: string): string =>
  `/vaccine-badges/${slugifyVaccineName(name)}.svg`;

/** `Rispoval RS+PI3 IntraNasal` → `rispoval-rs-pi3-intranasal`. */
export const slugifyVaccineName = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * Up to three characters: the first letter of each word, but whole numbers kept whole, so
 * `Covexin 10` reads `C10` rather than colliding with other C-products.
 */
export const buildVaccineInitials = (name: string): string => {
  const words = name.split(/[^A-Za-z0-9]+/).filter((word) => word.length > 0);
  const initials = words.map((word) => (/^\d+$/.test(word) ? word : word.charAt(0).toUpperCase()));
  return initials.join("").slice(0, 3);
};

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);

const parseRgb = (accentColor: string): [number, number, number] => {
  const [red = 0, green = 0, blue = 0] = accentColor.split(",").map(Number);
  return [red, green, blue];
};

/** WCAG relative luminance, to pick the text colour that stays readable on the accent colour. */
const computeLuminance = ([red, green, blue]: [number, number, number]): number => {
  const linear = (channel: number): number => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
};

/** A 64×64 badge: the vaccine's initials on its accent colour. Pure, so any server can serve it. */
export const renderVaccineBadgeSvg = (vaccine: Pick<Vaccine, "name" | "accent_color">): string => {
  const rgb = parseRgb(vaccine.accent_color);
  // White text needs a luminance below about 0.18 to reach a 4.5:1 contrast ratio.
  const textColor = computeLuminance(rgb) < 0.18 ? "#ffffff" : "#1a1a1a";
  const initials = escapeXml(buildVaccineInitials(vaccine.name));
  const title = escapeXml(vaccine.name);
  const fontSize = initials.length > 2 ? 22 : 28;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<rect width="64" height="64" rx="12" fill="rgb(${rgb.join(",")})"/>`,
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="${fontSize}" font-weight="700" fill="${textColor}">${initials}</text>`,
    `</svg>`,
  ].join("");
};
