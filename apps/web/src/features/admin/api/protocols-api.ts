import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  AdminDiseaseAnimalSchema,
  AdminSeasonDefaultSchema,
  AdminShotTemplateSchema,
  AdminWarningSchema,
  ListDiseaseAnimalsResponseSchema,
  ListSeasonDefaultsResponseSchema,
  ListShotTemplatesResponseSchema,
  ListWarningsResponseSchema,
  ProtocolPreviewResponseSchema,
  adminPaths,
  referenceLists,
  type DiseaseAnimalInput,
  type NewDiseaseAnimal,
  type ProtocolPreviewRequest,
  type SeasonDefaultInput,
  type ShotTemplateInput,
  type WarningInput,
} from "@vaxcal/contracts";
import { z } from "zod";
import { fetchJson, sendJson } from "../../../lib/api-client.ts";

/*
 * Protocol management's calls (docs/product.md D2, `/admin/protocol/`). Every save refreshes the
 * protocol lists and the audit trail; the public reference lists the builder uses are dropped by
 * the server on every node (decision 701).
 */

const protocolsQueryKey = ["admin", "protocols"] as const;
const auditQueryKey = ["admin", "audit"] as const;

function withId(path: string, values: Record<string, number>): string {
  return Object.entries(values).reduce(
    (result, [name, value]) => result.replace(`:${name}`, encodeURIComponent(String(value))),
    path,
  );
}

/** The animals and seasons, from the public reference lists (names for the pickers). */
export function useProtocolOptions() {
  const animals = useQuery({
    queryKey: [...protocolsQueryKey, "animals"],
    queryFn: ({ signal }) =>
      fetchJson(referenceLists.animals.path, referenceLists.animals.schema, { signal }),
  });
  const seasons = useQuery({
    queryKey: [...protocolsQueryKey, "seasons"],
    queryFn: ({ signal }) =>
      fetchJson(referenceLists.seasons.path, referenceLists.seasons.schema, { signal }),
  });
  return { animals, seasons };
}

export function useShotTemplates(filters: { vaccine: number | null; animal: number | null }) {
  return useQuery({
    queryKey: [...protocolsQueryKey, "shot-templates", filters],
    queryFn: ({ signal }) =>
      fetchJson(
        `${adminPaths.shotTemplates}?vaccine=${filters.vaccine}&animal=${filters.animal}`,
        ListShotTemplatesResponseSchema,
        { signal },
      ),
    enabled: filters.vaccine !== null && filters.animal !== null,
  });
}

function useProtocolMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: protocolsQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditQueryKey });
    },
  });
}

export function useSaveShotTemplate() {
  return useProtocolMutation(({ id, input }: { id: number | null; input: ShotTemplateInput }) =>
    sendJson(
      id === null ? adminPaths.shotTemplates : withId(adminPaths.shotTemplate, { id }),
      AdminShotTemplateSchema,
      input,
      { method: id === null ? "POST" : "PUT" },
    ),
  );
}

export function useDeleteShotTemplate() {
  return useProtocolMutation((id: number) =>
    fetchJson(withId(adminPaths.shotTemplate, { id }), z.unknown(), { method: "DELETE" }),
  );
}

/** POST /api/admin/protocol-preview: nothing is saved. */
export function usePreviewProtocolChange() {
  return useMutation({
    mutationFn: (request: ProtocolPreviewRequest) =>
      sendJson(adminPaths.protocolPreview, ProtocolPreviewResponseSchema, request),
  });
}

export function useDiseaseAnimals(animal: number | null) {
  return useQuery({
    queryKey: [...protocolsQueryKey, "disease-animals", animal],
    queryFn: ({ signal }) =>
      fetchJson(`${adminPaths.diseaseAnimals}?animal=${animal}`, ListDiseaseAnimalsResponseSchema, {
        signal,
      }),
    enabled: animal !== null,
  });
}

export function useSaveDiseaseAnimal() {
  return useProtocolMutation(
    ({
      diseaseId,
      animalId,
      input,
    }: {
      diseaseId: number;
      animalId: number;
      input: DiseaseAnimalInput;
    }) =>
      sendJson(
        withId(adminPaths.diseaseAnimal, { diseaseId, animalId }),
        AdminDiseaseAnimalSchema,
        input,
        { method: "PUT" },
      ),
  );
}

export function useCreateDiseaseAnimal() {
  return useProtocolMutation((input: NewDiseaseAnimal) =>
    sendJson(adminPaths.diseaseAnimals, AdminDiseaseAnimalSchema, input),
  );
}

export function useDeleteDiseaseAnimal() {
  return useProtocolMutation(({ diseaseId, animalId }: { diseaseId: number; animalId: number }) =>
    fetchJson(withId(adminPaths.diseaseAnimal, { diseaseId, animalId }), z.unknown(), {
      method: "DELETE",
    }),
  );
}

export function useSeasonDefaults(animal: number | null) {
  return useQuery({
    queryKey: [...protocolsQueryKey, "season-defaults", animal],
    queryFn: ({ signal }) =>
      fetchJson(`${adminPaths.seasonDefaults}?animal=${animal}`, ListSeasonDefaultsResponseSchema, {
        signal,
      }),
    enabled: animal !== null,
  });
}

export function useSaveSeasonDefault() {
  return useProtocolMutation(({ id, input }: { id: number; input: SeasonDefaultInput }) =>
    sendJson(withId(adminPaths.seasonDefault, { id }), AdminSeasonDefaultSchema, input, {
      method: "PUT",
    }),
  );
}

export function useWarnings() {
  return useQuery({
    queryKey: [...protocolsQueryKey, "warnings"],
    queryFn: ({ signal }) => fetchJson(adminPaths.warnings, ListWarningsResponseSchema, { signal }),
  });
}

export function useSaveWarning() {
  return useProtocolMutation(({ id, input }: { id: number; input: WarningInput }) =>
    sendJson(withId(adminPaths.warning, { id }), AdminWarningSchema, input, {
      method: "PUT",
    }),
  );
}
