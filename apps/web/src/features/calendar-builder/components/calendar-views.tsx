import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { isPhoneWidth, useIsPhone } from "../hooks/use-is-phone.ts";

export const CalendarView = { dueNext: "due-next", grid: "grid" } as const;
export type CalendarView = (typeof CalendarView)[keyof typeof CalendarView];

/** On a phone the calendar is a month-by-month list (decision 428), so its tab says so. */
function listViews(isPhone: boolean): readonly { id: CalendarView; label: string }[] {
  return [
    { id: CalendarView.dueNext, label: "Due next" },
    { id: CalendarView.grid, label: isPhone ? "By month" : "Calendar grid" },
  ];
}

/** Phones open on 'Due next'; wider screens, where the grid fits, on the grid. */
function readDefaultView(): CalendarView {
  return isPhoneWidth() ? CalendarView.dueNext : CalendarView.grid;
}

/**
 * The two views of a calendar, as tabs: 'Due next' and the grid (on a phone, the months as a list). Arrow keys, Home and
 * End move between the tabs (the ARIA tabs pattern); Tab goes on into the chosen view.
 */
export function CalendarViews({ dueNext, grid }: { dueNext: ReactNode; grid: ReactNode }) {
  const [view, setView] = useState<CalendarView>(readDefaultView);
  const views = listViews(useIsPhone());
  const baseId = useId();
  const tabRefs = useRef(new Map<CalendarView, HTMLButtonElement>());

  function choose(index: number) {
    const next = views[(index + views.length) % views.length];
    if (!next) return;
    setView(next.id);
    tabRefs.current.get(next.id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: views.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(target);
  }

  return (
    <div className="calendar-views">
      <div className="calendar-views__tabs" role="tablist" aria-label="Calendar view">
        {views.map((candidate, index) => (
          <button
            key={candidate.id}
            ref={(element) => {
              if (element) tabRefs.current.set(candidate.id, element);
              else tabRefs.current.delete(candidate.id);
            }}
            type="button"
            role="tab"
            id={`${baseId}-${candidate.id}-tab`}
            aria-selected={view === candidate.id}
            aria-controls={`${baseId}-${candidate.id}-panel`}
            tabIndex={view === candidate.id ? 0 : -1}
            className="calendar-views__tab"
            onClick={() => setView(candidate.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {candidate.label}
          </button>
        ))}
      </div>
      {views.map((candidate) => (
        <div
          key={candidate.id}
          role="tabpanel"
          id={`${baseId}-${candidate.id}-panel`}
          aria-labelledby={`${baseId}-${candidate.id}-tab`}
          hidden={view !== candidate.id}
          className="calendar-views__panel"
        >
          {view === candidate.id && (candidate.id === CalendarView.dueNext ? dueNext : grid)}
        </div>
      ))}
    </div>
  );
}
