import { MISSED_THIS_SEASON_NOTE, type Calendar, type Shot } from "@vaxcal/schedule";

/**
 * Decision 418: the doses given once whose window closed before today for the group on the farm.
 * The engine leaves them undated (never a past date), so the grid's months and 'Due next' weeks
 * cannot hold them; this list says which they are, with the note to talk to the vet.
 */
export function listMissedDoses(calendar: Calendar): Shot[] {
  return calendar.diseases.flatMap((column) =>
    column.shots.filter((shot) => shot.date === null && shot.seasonTiming?.state === "missed"),
  );
}

type MissedDosesProps = {
  calendar: Calendar;
  /** Every shot's short name by id, as the grid names it. */
  shotNames: ReadonlyMap<string, string>;
};

export function MissedDoses({ calendar, shotNames }: MissedDosesProps) {
  const missed = listMissedDoses(calendar);
  if (missed.length === 0) return null;
  return (
    <section className="missed-doses" aria-label="Missed this season">
      <p className="missed-doses__note">{MISSED_THIS_SEASON_NOTE}</p>
      <ul className="missed-doses__list">
        {missed.map((shot) => (
          <li key={shot.id}>{shotNames.get(shot.id) ?? shot.custom_name ?? "Shot"}</li>
        ))}
      </ul>
    </section>
  );
}
