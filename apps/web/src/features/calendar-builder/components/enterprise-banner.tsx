/*
 * docs/product.md §2: step 1's banner image is chosen by enterprise. Small inline SVG scenes, a few
 * hundred bytes each, instead of photographs: they cost nothing on a weak rural signal and stay
 * sharp. They are decorative; the page says everything in words.
 */

type BannerScene = "dairy" | "beef" | "sheep" | "farm";

const sceneByEnterpriseName: Record<string, BannerScene> = {
  dairy: "dairy",
  beef: "beef",
  sheep: "sheep",
};

export function resolveBannerScene(enterpriseName: string | undefined): BannerScene {
  return sceneByEnterpriseName[enterpriseName?.toLowerCase() ?? ""] ?? "farm";
}

function Landscape() {
  return (
    <>
      <rect width="320" height="120" fill="#dceef7" />
      <circle cx="236" cy="24" r="13" fill="#f2c14e" />
      <path d="M0 78 Q80 52 170 74 T320 66 V120 H0Z" fill="#9cc48f" />
      <path d="M0 96 Q110 76 220 94 T320 90 V120 H0Z" fill="#6fa262" />
    </>
  );
}

function Cow({ body, patches }: { body: string; patches: string | null }) {
  return (
    <g transform="translate(96 44)">
      <rect x="8" y="46" width="8" height="26" rx="3" fill="#3b3b3b" />
      <rect x="24" y="48" width="8" height="24" rx="3" fill="#3b3b3b" />
      <rect x="64" y="48" width="8" height="24" rx="3" fill="#3b3b3b" />
      <rect x="80" y="46" width="8" height="26" rx="3" fill="#3b3b3b" />
      <rect x="0" y="10" width="96" height="44" rx="20" fill={body} />
      {patches && (
        <>
          <path d="M22 12 q14 4 10 20 q-12 6 -20 -6 q0 -10 10 -14z" fill={patches} />
          <path d="M58 30 q16 -6 22 6 q-2 14 -18 12 q-10 -6 -4 -18z" fill={patches} />
        </>
      )}
      <ellipse cx="70" cy="56" rx="9" ry="6" fill="#f3b7b7" />
      <rect x="88" y="0" width="30" height="34" rx="12" fill={body} />
      <rect x="96" y="22" width="22" height="14" rx="7" fill="#f3b7b7" />
      <path d="M90 4 l-8 -6 M116 4 l8 -6" stroke="#e9e2cf" strokeWidth="4" strokeLinecap="round" />
      <circle cx="99" cy="13" r="2.5" fill="#1b1b1b" />
      <circle cx="110" cy="13" r="2.5" fill="#1b1b1b" />
      <path d="M2 22 q-10 10 -4 26" stroke={body} strokeWidth="4" fill="none" />
    </g>
  );
}

function Sheep({ x, scale }: { x: number; scale: number }) {
  return (
    <g transform={`translate(${x} ${118 - 62 * scale}) scale(${scale})`}>
      <rect x="14" y="36" width="7" height="24" rx="3" fill="#2d2d2d" />
      <rect x="50" y="36" width="7" height="24" rx="3" fill="#2d2d2d" />
      <g fill="#fbfaf4" stroke="#d8d3c2" strokeWidth="1.5">
        <circle cx="16" cy="22" r="14" />
        <circle cx="34" cy="14" r="15" />
        <circle cx="52" cy="22" r="14" />
        <circle cx="34" cy="32" r="16" />
      </g>
      <ellipse cx="70" cy="20" rx="11" ry="14" fill="#2d2d2d" />
      <ellipse cx="60" cy="12" rx="7" ry="3.5" fill="#2d2d2d" />
      <circle cx="73" cy="16" r="2" fill="#fbfaf4" />
    </g>
  );
}

function CalendarSign() {
  return (
    <g transform="translate(130 30)">
      <rect
        x="0"
        y="8"
        width="64"
        height="56"
        rx="6"
        fill="#ffffff"
        stroke="#2f6b34"
        strokeWidth="4"
      />
      <rect x="0" y="8" width="64" height="14" rx="6" fill="#2f6b34" />
      <path d="M16 2v12M48 2v12" stroke="#214d25" strokeWidth="5" strokeLinecap="round" />
      <path
        d="M14 38l8 8 16-18"
        stroke="#2f6b34"
        strokeWidth="5"
        fill="none"
        strokeLinecap="round"
      />
    </g>
  );
}

export function EnterpriseBanner({ enterpriseName }: { enterpriseName: string | undefined }) {
  const scene = resolveBannerScene(enterpriseName);
  return (
    <svg
      className="setup-banner__image"
      data-scene={scene}
      viewBox="0 0 320 120"
      preserveAspectRatio="xMidYMax slice"
      aria-hidden="true"
      focusable="false"
    >
      <Landscape />
      {scene === "dairy" && <Cow body="#fbfaf4" patches="#1f1f1f" />}
      {scene === "beef" && <Cow body="#7a4a2a" patches={null} />}
      {scene === "sheep" && (
        <>
          <Sheep x={70} scale={0.8} />
          <Sheep x={170} scale={1} />
        </>
      )}
      {scene === "farm" && <CalendarSign />}
    </svg>
  );
}
