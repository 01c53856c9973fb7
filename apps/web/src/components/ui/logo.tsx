/** The VaxCal mark: a calendar page with a tick, in the brand greens. Decorative: pair it with text. */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="44" height="44" rx="11" fill="#2f6b34" />
      <rect x="11" y="13" width="26" height="23" rx="4" fill="#ffffff" />
      <rect x="11" y="13" width="26" height="7" rx="3" fill="#f2c14e" />
      <rect x="16" y="9" width="3.5" height="8" rx="1.75" fill="#ffffff" />
      <rect x="28.5" y="9" width="3.5" height="8" rx="1.75" fill="#ffffff" />
      <path
        d="M17.5 27.5l4.5 4.5 8.5-8.5"
        fill="none"
        stroke="#2f6b34"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
