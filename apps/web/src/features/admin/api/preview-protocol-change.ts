import { useMutation } from "@tanstack/react-query";
import {
  ProtocolPreviewResponseSchema,
  adminPaths,
  type ProtocolPreviewRequest,
} from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";

/** POST /api/admin/protocol-preview: nothing is saved (decision 406). */
export function previewProtocolChange(request: ProtocolPreviewRequest) {
  return sendJson(adminPaths.protocolPreview, ProtocolPreviewResponseSchema, request);
}

export function usePreviewProtocolChange() {
  return useMutation({ mutationFn: previewProtocolChange });
}
