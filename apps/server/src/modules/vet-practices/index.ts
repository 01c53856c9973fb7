// The vet-practices module's public entry: what app.ts needs to register and wire it.
export { vetPracticesRoutes } from "./vet-practices.plugin.ts";
export { notifyPracticesOfLinkChange } from "./links.service.ts";
export { openVerifiedPractice } from "./vet-practices.service.ts";
export {
  createPracticeDigestSender,
  type PracticeDigestSender,
} from "./practice-digest.service.ts";
export { createPracticeDosesDueReader } from "./vet-dashboard.service.ts";
