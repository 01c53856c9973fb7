import type { ReactNode } from "react";
import { ErrorState } from "../../components/ui/status-panels.tsx";
import { usePendingMobileVerification } from "../../features/mobile-verification/hooks/use-pending-mobile-verification.ts";
import { useReferenceData } from "../../features/reference-data/api/get-reference-data.ts";
import { useAuthStore } from "../../stores/auth.ts";
import { ModalName, openModal } from "../../stores/modals.ts";
import "./public-home.css";

export const initialDataErrorMessage = "Failed to load initial data";

/**
 * docs/product.md §2 PublicHome: invites the farmer to create a calendar or register, and loads
 * the initial calendar data alongside, so the builder opens without a wait. The text does not
 * wait for the data: it is pre-rendered into index.html at build time and keeps its place when
 * the data arrives (docs/decisions/012-pre-rendered-landing-page.md). Only a failed load adds a
 * line, under the buttons that need the data.
 */
export function PublicHome() {
  const referenceData = useReferenceData();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  usePendingMobileVerification();

  return (
    <>
      <title>VaxCal · Vaccination calendars for cattle and sheep</title>
      <section className="hero">
        <div className="hero__content">
          <p className="hero__eyebrow">For cattle, dairy, beef and sheep farmers</p>
          <h1 className="hero__title">Every vaccine shot for your herd or flock, planned.</h1>
          <p className="hero__text">
            The VaxCal vaccination calendar is in development. Try building your calendar now, and
            register to save it and get free reminders.
          </p>
          <div className="hero__actions">
            <button
              type="button"
              className="button button--primary button--large"
              onClick={() => openModal(ModalName.generateCalendar)}
            >
              Create your calendar
            </button>
            {/* A signed-in farmer is not offered Register. */}
            {!isAuthenticated && (
              <button
                type="button"
                className="button button--secondary button--large"
                onClick={() => openModal(ModalName.register)}
              >
                Register
              </button>
            )}
          </div>
          {referenceData.isError && (
            <div className="hero__error">
              <ErrorState
                message={initialDataErrorMessage}
                onRetry={() => void referenceData.refetch()}
              />
            </div>
          )}
        </div>
        <CalendarIllustration />
      </section>

      <section className="features" aria-labelledby="features-title">
        <h2 id="features-title">What VaxCal will do for you</h2>
        <ul className="features__list">
          <Feature icon={<CalendarIcon />} title="A calendar for years ahead">
            Pick your enterprise, animals, season and diseases. VaxCal lays out every shot.
          </Feature>
          <Feature icon={<PhoneIcon />} title="Free reminders">
            A text message seven days before each vaccination is due.
          </Feature>
          <Feature icon={<VetIcon />} title="Share it with your vet">
            Link your vet practice, so your vet can see and adjust your calendar.
          </Feature>
        </ul>
        <p className="features__note">
          Your calendar is worked out automatically. Always check it with your vet.
        </p>
      </section>
    </>
  );
}

function Feature({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="feature">
      <span className="feature__icon" aria-hidden="true">
        {icon}
      </span>
      <h3 className="feature__title">{title}</h3>
      <p className="feature__text">{children}</p>
    </li>
  );
}

const iconProps = {
  width: 28,
  height: 28,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  focusable: "false",
} as const;

/** A decorative month with marked shot days; wide screens only, where the hero has room. */
function CalendarIllustration() {
  const markedDays = new Map([
    [3, "#2f6b34"],
    [10, "#f2c14e"],
    [24, "#2f6b34"],
  ]);
  return (
    <svg className="hero__illustration" viewBox="0 0 320 280" aria-hidden="true" focusable="false">
      <rect x="10" y="14" width="300" height="256" rx="18" fill="#ffffff" stroke="#cbd5c6" />
      <rect x="10" y="14" width="300" height="52" rx="18" fill="#2f6b34" />
      <rect x="10" y="48" width="300" height="18" fill="#2f6b34" />
      <rect x="70" y="2" width="12" height="30" rx="6" fill="#214d25" />
      <rect x="238" y="2" width="12" height="30" rx="6" fill="#214d25" />
      <rect x="34" y="32" width="110" height="14" rx="7" fill="#e4efe0" />
      {Array.from({ length: 28 }, (_, day) => {
        const x = 30 + (day % 7) * 38;
        const y = 84 + Math.floor(day / 7) * 44;
        const color = markedDays.get(day);
        return (
          <g key={day}>
            <rect x={x} y={y} width="30" height="34" rx="7" fill={color ?? "#f6f7f1"} />
            {color === "#2f6b34" && (
              <path
                d={`M${x + 8} ${y + 18}l5 5 9-10`}
                fill="none"
                stroke="#ffffff"
                strokeWidth="3.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            )}
            {color === "#f2c14e" && <circle cx={x + 15} cy={y + 17} r="5" fill="#214d25" />}
          </g>
        );
      })}
    </svg>
  );
}

function CalendarIcon() {
  return (
    <svg {...iconProps}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4M8 14h2M14 14h2M8 17h2" />
    </svg>
  );
}

function PhoneIcon() {
  return (
    <svg {...iconProps}>
      <rect x="6" y="2" width="12" height="20" rx="2" />
      <path d="M10 18h4M9 7h6M9 10h4" />
    </svg>
  );
}

function VetIcon() {
  return (
    <svg {...iconProps}>
      <path d="M12 21s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 11c0 5.65-7 10-7 10z" />
      <path d="M12 10v5M9.5 12.5h5" />
    </svg>
  );
}
