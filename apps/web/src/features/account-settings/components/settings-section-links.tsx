import type { MouseEvent } from "react";

/*
 * The settings page is long on a phone (about 3,900 px at 375 px): it opens with a list of its
 * sections, each a tap away (issue 25 item 8, decision 430). The headings keep their own ids.
 */
const sections = [
  { id: "settings-reminders-heading", label: "Vaccination reminders" },
  { id: "settings-account-details", label: "Account details" },
  { id: "settings-farm-info", label: "Farm info" },
  { id: "settings-notification-settings", label: "Notification settings" },
  { id: "settings-farm-details", label: "Farm details" },
  { id: "settings-vet-settings", label: "Vet settings" },
] as const;

/**
 * A jump moves focus to the section's heading: the screen reader reads on from there, and the
 * address keeps no '#' (a hash change would drop the router state that carries an error page).
 */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  event.preventDefault();
  const heading = document.getElementById(id);
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  // jsdom has no layout and no scrollIntoView.
  if ("scrollIntoView" in heading) heading.scrollIntoView({ block: "start" });
}

export function SettingsSectionLinks() {
  return (
    <nav className="settings__sections" aria-label="Settings sections">
      <ul>
        {sections.map(({ id, label }) => (
          <li key={id}>
            <a href={`#${id}`} onClick={(event) => jumpTo(event, id)}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
