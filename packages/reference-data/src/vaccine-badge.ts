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

// MSD's "Bovilis" range name starts a third of the products; initials after it tell them apart.
const rangePrefixes = new Set(["bovilis"]);

const isNumber = (word: string): boolean => /^\d+$/.test(word);
const isAcronym = (word: string): boolean => /^[A-Z][A-Z0-9]+$/.test(word);

/**
 * Two to four characters that tell the products apart at a glance: `Bovilis BVD` → `BVD`,
 * `Covexin 10` → `Co10`, `Bovilis IBR Marker Live` → `IML`, `Enzovax` → `En`.
 */
export const buildVaccineInitials = (name: string): string => {
  const allWords = name.split(/[^A-Za-z0-9]+/).filter((word) => word.length > 0);
  const firstWord = allWords[0];
  const words =
    allWords.length > 1 && firstWord !== undefined && rangePrefixes.has(firstWord.toLowerCase())
      ? allWords.slice(1)
      : allWords;
  const nameWords = words.filter((word) => !isNumber(word));
  const numbers = words.filter(isNumber).join("");
  const onlyWord = nameWords[0];
  if (nameWords.length === 1 && onlyWord !== undefined && isAcronym(onlyWord)) {
    return `${onlyWord}${numbers}`.slice(0, 4);
  }
  if (nameWords.length === 1 && onlyWord !== undefined) {
    // One word alone gives one letter, too little to tell Bultavo 3 from Bluevac-3.
    return `${onlyWord.charAt(0).toUpperCase()}${onlyWord.charAt(1).toLowerCase()}${numbers}`;
  }
  const firstLetters = nameWords.map((word) => word.charAt(0).toUpperCase()).join("");
  const withAcronyms = nameWords
    .map((word) => (isAcronym(word) ? word : word.charAt(0).toUpperCase()))
    .join("");
  const initials = `${withAcronyms}${numbers}`;
  return initials.length <= 4 ? initials : `${firstLetters}${numbers}`.slice(0, 4);
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

const darkText = "#1a1a1a";
const darkTextLuminance = computeLuminance([26, 26, 26]);

/** A 64×64 badge: the vaccine's initials on its accent colour. Pure, so any server can serve it. */
export const renderVaccineBadgeSvg = (vaccine: Pick<Vaccine, "name" | "accent_color">): string => {
  const rgb = parseRgb(vaccine.accent_color);
  const luminance = computeLuminance(rgb);
  // Whichever of white and near-black contrasts more with the accent colour (WCAG ratio).
  const whiteContrast = 1.05 / (luminance + 0.05);
  const darkContrast = (luminance + 0.05) / (darkTextLuminance + 0.05);
  const textColor = whiteContrast >= darkContrast ? "#ffffff" : darkText;
  const initials = escapeXml(buildVaccineInitials(vaccine.name));
  const title = escapeXml(vaccine.name);
  const fontSize = initials.length <= 2 ? 28 : initials.length === 3 ? 22 : 17;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<rect width="64" height="64" rx="12" fill="rgb(${rgb.join(",")})"/>`,
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="${fontSize}" font-weight="700" fill="${textColor}">${initials}</text>`,
    `</svg>`,
  ].join("");
};
