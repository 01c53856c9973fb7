import { z } from "zod";

/**
 * Pre-launch items (docs/product.md D13): `auto` follows the host name, `on` and `off`
 * let a deployment force them whatever its host is called.
 */
export const PrelaunchFeatures = { auto: "auto", on: "on", off: "off" } as const;
export type PrelaunchFeatures = (typeof PrelaunchFeatures)[keyof typeof PrelaunchFeatures];

export const WebEnvSchema = z.object({
  VITE_PRELAUNCH_FEATURES: z
    .enum([PrelaunchFeatures.auto, PrelaunchFeatures.on, PrelaunchFeatures.off])
    .default(PrelaunchFeatures.auto),
  /** The company that runs VaxCal, named in the footer's copyright line. */
  VITE_COMPANY_NAME: z.string().trim().min(1).default("VaxCal"),
  /** Where the footer's company logo leads. */
  VITE_COMPANY_URL: z.string().trim().min(1).default("/"),
  /**
   * Accounts work (docs/product.md D12): the data controller named in the registration terms,
   * an animal-health company based in Dublin. Absent: the company name above.
   */
  VITE_DATA_CONTROLLER_NAME: z.string().trim().min(1).optional(),
});
export type WebEnv = z.infer<typeof WebEnvSchema>;

/** Parses the build-time settings once; a bad value stops the build with the list of problems. */
export function parseWebEnv(source: Record<string, unknown>): WebEnv {
  const result = WebEnvSchema.safeParse(source);
  if (!result.success) {
    throw new Error(`Invalid web app settings:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}
