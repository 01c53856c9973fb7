import type { ReferenceLists, SubmitCalendarRequest } from "@vaxcal/contracts";
import { prepareForSubmit, type Calendar, type ScheduleResult } from "@vaxcal/schedule";

export type SubmitData = SubmitCalendarRequest["data"];

/**
 * Decision 405: each column's protocol stamp as the scoped call gave it with the column's shots,
 * by disease id, with the vaccine it is for.
 */
export type ProtocolStamps = ReadonlyMap<number, { vaccineId: number; stamp: string }>;

/**
 * docs/product.md §3 submit `data` from the calendar on screen: the engine's `prepareForSubmit`
 * (docs/product.md §5: blocked without diseases, undated shots skipped, shots outside the displayed
 * years dropped unless the farmer chose them) with the setup's names added from the reference
 * lists, and each column's protocol stamp (decision 405), so the saved calendar keeps the
 * protocol its shots came from.
 */
export function buildSubmitData(
  calendar: Calendar,
  reference: Pick<ReferenceLists, "enterprises" | "animals" | "seasons">,
  seasonId: number,
  protocolStamps: ProtocolStamps = new Map(),
): ScheduleResult<SubmitData> {
  const prepared = prepareForSubmit(calendar);
  if (!prepared.ok) return prepared;
  const { setup, diseases } = prepared.value;
  const nameOf = (list: readonly { id: number; name: string }[], id: number) =>
    list.find((item) => item.id === id)?.name ?? "";
  return {
    ok: true,
    value: {
      setup: {
        enterprise: {
          id: setup.enterprise.id,
          name: nameOf(reference.enterprises, setup.enterprise.id),
        },
        animal: {
          id: setup.animal.id,
          name: nameOf(reference.animals, setup.animal.id),
          isAdult: setup.animal.isAdult,
        },
        season: { id: seasonId, name: nameOf(reference.seasons, seasonId) },
        birthDate: setup.birthDate,
        // Decision 416: the calving or lambing block's last date, for adults.
        ...(setup.birthEndDate == null ? {} : { birthEndDate: setup.birthEndDate }),
        breedingDate: setup.breedingDate,
        // docs/product.md §3 "Herd status": the answers are saved with the calendar.
        ...(setup.herdStatus && Object.keys(setup.herdStatus).length > 0
          ? { herdStatus: { ...setup.herdStatus } }
          : {}),
        // Decision 419: the lungworm answer, when the farmer gave one.
        ...(setup.lungwormRisk === undefined ? {} : { lungwormRisk: setup.lungwormRisk }),
        ...(setup.youngestBirthDate == null ? {} : { youngestBirthDate: setup.youngestBirthDate }),
      },
      diseases: diseases.map((disease) => {
        const stamped = protocolStamps.get(disease.id);
        return {
          id: disease.id,
          vaccineId: disease.vaccineId,
          shots: [...disease.shots],
          ...(stamped !== undefined && stamped.vaccineId === disease.vaccineId
            ? { protocolStamp: stamped.stamp }
            : {}),
        };
      }),
    },
  };
}
