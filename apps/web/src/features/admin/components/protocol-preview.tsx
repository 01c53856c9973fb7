import type { PreviewChange, PreviewSeason, ProtocolPreviewResponse } from "@vaxcal/contracts";
import { formatShortDate } from "@vaxcal/schedule";
import { useEffect, useId, useRef } from "react";

const changeLabels: Record<PreviewChange, string> = {
  moved: "Moved",
  added: "Added",
  removed: "Removed",
};

function describeDifference(difference: PreviewSeason["differences"][number]): string {
  const shot = `${difference.label} (${difference.disease_name})`;
  if (difference.change === "moved") {
    return `Moved: ${shot} from ${formatShortDate(difference.before ?? "")} to ${formatShortDate(difference.after ?? "")}`;
  }
  if (difference.change === "added") {
    return `Added: ${shot} on ${formatShortDate(difference.after ?? "")}`;
  }
  return `Removed: ${shot} on ${formatShortDate(difference.before ?? "")}`;
}

function ShotTable({ caption, calendar }: { caption: string; calendar: PreviewSeason["current"] }) {
  return (
    <table className="admin-table protocol-preview__table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Shot</th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {calendar.shots.map((shot) => (
          <tr key={shot.id} className={shot.change ? `protocol-preview__row--${shot.change}` : ""}>
            <td>{formatShortDate(shot.date)}</td>
            <td>
              {shot.label}
              {shot.label !== shot.disease_name && (
                <span className="protocol-preview__disease"> ({shot.disease_name})</span>
              )}
            </td>
            <td>{shot.change ? <strong>{changeLabels[shot.change]}</strong> : ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function describeDates(calendar: PreviewSeason["current"]): string {
  const parts: string[] = [];
  if (calendar.birth_date) parts.push(`birth ${formatShortDate(calendar.birth_date)}`);
  if (calendar.breeding_date) parts.push(`breeding ${formatShortDate(calendar.breeding_date)}`);
  return parts.join(", ");
}

function PreviewSeasonView({ season }: { season: PreviewSeason }) {
  const titleId = useId();
  const newWarnings = season.proposed.warnings.filter((warning) => warning.is_new);
  const proposedMessages = new Set(season.proposed.warnings.map((warning) => warning.message));
  // What the change fixes: rule checks the current calendar raises and the proposed one does not.
  const resolved = season.current.warnings.filter(
    (warning) => !proposedMessages.has(warning.message),
  );
  return (
    <section className="protocol-preview__season" aria-labelledby={titleId}>
      <h4 id={titleId}>
        {season.enterprise.name}, {season.season.name}
        {season.herd_status === "unprimed" && " (herd starting the primary course)"}
      </h4>
      {season.differences.length === 0 ? (
        <p>No change in this season's default calendar.</p>
      ) : (
        <>
          <ul className="protocol-preview__differences">
            {season.differences.map((difference) => (
              <li key={difference.shot_id}>{describeDifference(difference)}</li>
            ))}
          </ul>
          <div className="protocol-preview__calendars">
            <ShotTable
              caption={`Current (${describeDates(season.current)})`}
              calendar={season.current}
            />
            <ShotTable
              caption={`With the change (${describeDates(season.proposed)})`}
              calendar={season.proposed}
            />
          </div>
        </>
      )}
      <h5>Rule checks with the change</h5>
      {season.proposed.warnings.length === 0 ? (
        <p>No rule check is raised.</p>
      ) : (
        <ul className="protocol-preview__warnings">
          {season.proposed.warnings.map((warning) => (
            <li key={`${warning.rule}-${warning.message}`}>
              {warning.is_new && <strong>New: </strong>}
              {warning.message}
            </li>
          ))}
        </ul>
      )}
      {resolved.length > 0 && (
        <>
          <h5>No longer raised with the change</h5>
          <ul className="protocol-preview__warnings">
            {resolved.map((warning) => (
              <li key={`${warning.rule}-${warning.message}`}>{warning.message}</li>
            ))}
          </ul>
        </>
      )}
      {newWarnings.length > 0 && (
        <p className="protocol-preview__note">
          {newWarnings.length === 1
            ? "The change raises 1 rule check the current calendar does not."
            : `The change raises ${newWarnings.length} rule checks the current calendar does not.`}
        </p>
      )}
    </section>
  );
}

/**
 * The default calendar of each season the animal is offered in, now and with the unsaved
 * change, side by side, the differences listed and the engine's rule checks run on the result.
 */
export function ProtocolPreview({ preview }: { preview: ProtocolPreviewResponse }) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  // A new preview takes the focus, so a keyboard or screen reader user lands on what it shows.
  useEffect(() => {
    titleRef.current?.focus();
  }, [preview]);
  const changed = preview.seasons.filter((season) => season.differences.length > 0).length;
  return (
    <section className="protocol-preview" aria-labelledby={titleId}>
      <h3 id={titleId} ref={titleRef} tabIndex={-1}>
        Preview for {preview.animal.name}: nothing is saved yet
      </h3>
      {preview.product_offered === false && (
        <p>
          No disease offers this product for {preview.animal.name} by default, so no default
          calendar uses this template. Change a disease link to offer it.
        </p>
      )}
      <p role="status">
        {changed === 0
          ? "The change moves no shot in any season's default calendar."
          : `The change alters the default calendar in ${changed} of ${preview.seasons.length} ${preview.seasons.length === 1 ? "season" : "seasons"}, as generated on ${formatShortDate(preview.today)}.`}
      </p>
      {preview.seasons.map((season) => (
        <PreviewSeasonView key={season.combination_id} season={season} />
      ))}
    </section>
  );
}
