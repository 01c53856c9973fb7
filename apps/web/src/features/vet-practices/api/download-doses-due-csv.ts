import { vetPracticePaths, type DosesDueSummary } from "@vaxcal/contracts";
import { fetchFileWithSession, saveFile } from "../../../lib/file-download.ts";

/** GET /api/vet/doses-due.csv, saved as doses-due-{from}.csv. */
export async function downloadDosesDueCsv(dosesDue: Pick<DosesDueSummary, "from">): Promise<void> {
  const csv = await fetchFileWithSession(vetPracticePaths.dosesDueCsv);
  saveFile(csv, `doses-due-${dosesDue.from}.csv`);
}
