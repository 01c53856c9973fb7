import {
  RoleName,
  vetPracticeLimits,
  type DoseRange,
  type DosesDueSummary,
  type VetClient,
} from "@vaxcal/contracts";
import { formatLongDate, formatShortDate } from "@vaxcal/schedule";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { paths } from "../../../config/paths.ts";
import { describeApiError } from "../../../lib/api-errors.ts";
import { fetchFileWithSession, saveFile } from "../../../lib/file-download.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { downloadDosesDueCsv } from "../api/download-doses-due-csv.ts";
import { useDosesDue } from "../api/get-doses-due.ts";
import { useDosesDueWeek } from "../api/get-doses-due-week.ts";
import { useVetDashboard } from "../api/get-vet-dashboard.ts";
import { VetDigestSection } from "./vet-digest-section.tsx";
import { VetMembersSection } from "./vet-members-section.tsx";
import "./vet-practices.css";

export const vetDashboardTexts = {
  loading: "Loading your practice…",
  loadFailed: "The practice dashboard could not be loaded. Please try again.",
  dosesLoading: "Working out the doses due…",
  dosesFailed: "The doses due could not be loaded. Please try again.",
  noClients:
    "No farmer has shared their calendars with your practice yet. Farmers choose their vet practice when they register or in their account settings.",
  noMatch: "No farmer matches your search.",
  noDoses: "No shots are due across your clients in the next 8 weeks.",
  downloadFailed: "The file could not be downloaded. Please try again.",
} as const;

/** '51–150 doses', 'at least 201 doses', '1 dose'. */
export function describeDoses(doses: DoseRange): string {
  if (doses.max === null) return `at least ${doses.min} doses`;
  if (doses.min === doses.max) return `${doses.min} ${doses.min === 1 ? "dose" : "doses"}`;
  return `${doses.min}–${doses.max} doses`;
}

/** Town and county when the farmer gave them (decision 429), then the herd and flock sizes. */
export function describeClientMeta(client: VetClient): string {
  return [
    [client.town, client.county].filter(Boolean).join(", "),
    client.herd_size ? `Herd ${client.herd_size}` : "",
    client.flock_size ? `Flock ${client.flock_size}` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

/** Case-insensitive: the name, the farm, the town or the county. */
export function filterClients(clients: readonly VetClient[], query: string): VetClient[] {
  const needle = query.trim().toLowerCase();
  if (needle === "") return [...clients];
  return clients.filter((client) =>
    [
      `${client.name} ${client.surname}`,
      client.farm_name ?? "",
      client.town ?? "",
      client.county ?? "",
    ]
      .join(" ")
      .toLowerCase()
      .includes(needle),
  );
}

/**
 * /vet/dashboard (docs/product.md §2 VetDashboard, D3): the thank-you banner, the practice's
 * linked farmers with their calendars, the doses due across them in the next 8 weeks, and (for
 * the manager) the practice's vets and invites.
 */
export function VetDashboardPage() {
  const dashboard = useVetDashboard();
  if (dashboard.isPending) return <LoadingState label={vetDashboardTexts.loading} />;
  if (dashboard.isError) {
    return (
      <ErrorState
        message={describeApiError(dashboard.error, vetDashboardTexts.loadFailed)}
        onRetry={() => void dashboard.refetch()}
      />
    );
  }
  const { practice, role, clients } = dashboard.data;
  return (
    <div className="vet-dashboard">
      <div className="vet-dashboard__banner">
        <h1>{practice.name}</h1>
        <p>
          Thank you for registering your vet practice with VaxCal. Here you see the farmers who
          share their calendars with you, and the shots due across them in the coming weeks.
        </p>
      </div>
      <DosesDueSection />
      <ClientsSection clients={clients} />
      {role === RoleName.vetManager && <VetMembersSection />}
      {role === RoleName.vetManager && <VetDigestSection />}
    </div>
  );
}

function ClientsSection({ clients }: { clients: readonly VetClient[] }) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const shown = filterClients(clients, query);
  return (
    <section aria-labelledby="vet-clients-title">
      <div className="vet-toolbar">
        <h2 id="vet-clients-title">Your farmers ({clients.length})</h2>
        {clients.length > 0 && (
          <div className="field">
            <label className="field__label" htmlFor={searchId}>
              Search your farmers
            </label>
            <input
              id={searchId}
              type="search"
              className="field__control"
              placeholder="Name, farm or town"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
        )}
      </div>
      {clients.length === 0 ? (
        <p>{vetDashboardTexts.noClients}</p>
      ) : shown.length === 0 ? (
        <p role="status">{vetDashboardTexts.noMatch}</p>
      ) : (
        <ul className="vet-list" aria-label="Your farmers">
          {shown.map((client) => (
            <li key={client.id} className="vet-card">
              <h3>
                {client.name} {client.surname}
                {client.farm_name ? `, ${client.farm_name}` : ""}
              </h3>
              {describeClientMeta(client) && (
                <p className="vet-card__meta">{describeClientMeta(client)}</p>
              )}
              {client.calendars.length === 0 ? (
                <p className="vet-card__meta">No saved calendars yet.</p>
              ) : (
                <ul className="vet-card__calendars">
                  {client.calendars.map((calendar) => (
                    <li key={calendar.id} className="vet-card__calendar">
                      <span>
                        {calendar.enterprise} · {calendar.animal} · {calendar.season} (
                        {calendar.year})
                      </span>
                      <span className="vet-card__actions">
                        <Link
                          className="button button--secondary"
                          to={paths.calendarDetail.getHref(calendar.id)}
                          aria-label={`Open and edit the ${calendar.animal} calendar of ${client.name} ${client.surname}`}
                        >
                          Open and edit
                        </Link>
                        <PdfButton
                          calendarId={calendar.id}
                          label={`Download the PDF of the ${calendar.animal} calendar of ${client.name} ${client.surname}`}
                        />
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PdfButton({ calendarId, label }: { calendarId: number; label: string }) {
  const download = useMutation({
    mutationFn: async () =>
      saveFile(
        await fetchFileWithSession(`/api/calendars/${calendarId}/download`),
        `calendar-${calendarId}.pdf`,
      ),
    onError: (error) =>
      showNotification(
        NotificationType.error,
        describeApiError(error, vetDashboardTexts.downloadFailed),
      ),
  });
  return (
    <button
      type="button"
      className="button button--quiet"
      aria-label={label}
      disabled={download.isPending}
      onClick={() => download.mutate()}
    >
      {download.isPending ? "Downloading…" : "Download PDF"}
    </button>
  );
}

function DosesDueSection() {
  const dosesDue = useDosesDue();
  const csv = useMutation({
    mutationFn: (data: DosesDueSummary) => downloadDosesDueCsv(data),
    onError: (error) =>
      showNotification(
        NotificationType.error,
        describeApiError(error, vetDashboardTexts.downloadFailed),
      ),
  });
  return (
    <section aria-labelledby="doses-due-title">
      <div className="vet-toolbar">
        <h2 id="doses-due-title">Doses due in the next {vetPracticeLimits.dosesDueWeeks} weeks</h2>
        {dosesDue.isSuccess && dosesDue.data.weeks.length > 0 && (
          <button
            type="button"
            className="button button--secondary"
            disabled={csv.isPending}
            onClick={() => csv.mutate(dosesDue.data)}
          >
            {csv.isPending ? "Downloading…" : "Download CSV for ordering"}
          </button>
        )}
      </div>
      {dosesDue.isPending ? (
        <LoadingState label={vetDashboardTexts.dosesLoading} />
      ) : dosesDue.isError ? (
        <ErrorState
          message={describeApiError(dosesDue.error, vetDashboardTexts.dosesFailed)}
          onRetry={() => void dosesDue.refetch()}
        />
      ) : dosesDue.data.weeks.length === 0 ? (
        <p>{vetDashboardTexts.noDoses}</p>
      ) : (
        <>
          <p className="vet-card__meta">
            From {formatLongDate(dosesDue.data.from)} to {formatLongDate(dosesDue.data.to)}. Dose
            counts are estimated from each farm's herd or flock size.
          </p>
          {dosesDue.data.weeks.map((week) => (
            <DosesDueWeek key={week.week_start} week={week} />
          ))}
        </>
      )}
    </section>
  );
}

type SummaryWeek = DosesDueSummary["weeks"][number];

/** A week's vaccines and totals; its shots load when the vet opens it. */
function DosesDueWeek({ week }: { week: SummaryWeek }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const detail = useDosesDueWeek(week.week_start, { isEnabled: isOpen });
  const day = formatLongDate(week.week_start);
  const title = `Week of ${day}`;
  return (
    <div className="doses-week">
      <h3>{title}</h3>
      <ul className="vet-list" aria-label={`Vaccines due, week of ${day}`}>
        {week.vaccines.map((vaccine) => (
          <li key={`${vaccine.vaccine_id}-${vaccine.vaccine}`} className="vet-card">
            <h4>
              {vaccine.vaccine}: {describeDoses(vaccine.doses)}
              {vaccine.unknown_farms > 0 &&
                `, and ${vaccine.unknown_farms} ${vaccine.unknown_farms === 1 ? "farm" : "farms"} of unknown size`}
            </h4>
            <p className="vet-card__meta">
              {vaccine.shot_count} {vaccine.shot_count === 1 ? "shot" : "shots"} on{" "}
              {vaccine.farm_count} {vaccine.farm_count === 1 ? "farm" : "farms"}
            </p>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        {isOpen
          ? "Hide the farms"
          : `Show the farms (${week.shot_count} ${week.shot_count === 1 ? "shot" : "shots"})`}
      </button>
      <div id={panelId} hidden={!isOpen}>
        {isOpen &&
          (detail.isPending ? (
            <LoadingState label={vetDashboardTexts.dosesLoading} />
          ) : detail.isError ? (
            <ErrorState
              message={describeApiError(detail.error, vetDashboardTexts.dosesFailed)}
              onRetry={() => void detail.refetch()}
            />
          ) : (
            detail.data.vaccines.map((vaccine) => (
              <table key={`${vaccine.vaccine_id}-${vaccine.vaccine}`} className="doses-table">
                <caption>{`${vaccine.vaccine}, week of ${day}`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Farm</th>
                    <th scope="col">Animal and disease</th>
                    <th scope="col">Doses</th>
                  </tr>
                </thead>
                <tbody>
                  {vaccine.shots.map((shot) => (
                    <tr key={`${shot.calendar_id}-${shot.date}-${shot.disease}`}>
                      <td>{formatShortDate(shot.date)}</td>
                      <td>
                        <Link to={paths.calendarDetail.getHref(shot.calendar_id)}>
                          {shot.client_name}
                          {shot.farm_name ? `, ${shot.farm_name}` : ""}
                        </Link>
                      </td>
                      <td>
                        {shot.animal}, {shot.disease}
                      </td>
                      <td>{shot.doses ? describeDoses(shot.doses) : "Size not known"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ))
          ))}
      </div>
    </div>
  );
}
