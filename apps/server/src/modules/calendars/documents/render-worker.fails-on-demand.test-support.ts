import { existsSync } from "node:fs";
import render, { type RenderTask } from "./render-worker.ts";

/**
 * The render worker for tests of a failing render: while the file that
 * VAXCAL_TEST_RENDER_FAILS names exists, every render throws, as a crashed renderer would;
 * without it, renders are the real ones.
 */
export default async function renderOrFail(task: RenderTask): Promise<Uint8Array | string> {
  const marker = process.env.VAXCAL_TEST_RENDER_FAILS;
  if (marker && existsSync(marker)) throw new Error("the renderer failed (test)");
  return render(task);
}
