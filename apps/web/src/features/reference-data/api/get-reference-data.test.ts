import { referenceLists } from "@vaxcal/contracts";
import { http, HttpResponse } from "msw";
import { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import {
  createFailingReferenceHandler,
  referenceListKeys,
} from "../../../testing/mocks/handlers.ts";
import { referenceFixtures } from "../../../testing/mocks/reference-fixtures.ts";
import { server } from "../../../testing/mocks/server.ts";
import {
  loadReferenceData,
  referenceDataQueryOptions,
  resetReferenceRevalidation,
  revalidateReferenceData,
} from "./get-reference-data.ts";

function countReferenceCalls(): string[] {
  const calls: string[] = [];
  server.events.on("request:start", ({ request }) => {
    calls.push(new URL(request.url).pathname);
  });
  return calls;
}

function cacheAllLists(): void {
  for (const key of referenceListKeys) {
    window.localStorage.setItem(key, JSON.stringify(referenceFixtures[key]));
  }
}

describe("loadReferenceData (docs/product.md §5, §9)", () => {
  it("fetches every list when nothing is cached, and caches each under its spec key", async () => {
    const calls = countReferenceCalls();

    const lists = await loadReferenceData();

    expect(lists).toEqual(referenceFixtures);
    expect(calls.sort()).toEqual(referenceListKeys.map((key) => referenceLists[key].path).sort());
    for (const key of referenceListKeys) {
      expect(JSON.parse(window.localStorage.getItem(key) ?? "null")).toEqual(
        referenceFixtures[key],
      );
    }
  });

  it("makes no call when every list is cached", async () => {
    cacheAllLists();
    const calls = countReferenceCalls();

    expect(await loadReferenceData()).toEqual(referenceFixtures);
    expect(calls).toEqual([]);
  });

  it("fetches all the lists again when one is missing", async () => {
    cacheAllLists();
    window.localStorage.removeItem("warnings");
    const calls = countReferenceCalls();

    await loadReferenceData();

    expect(calls).toHaveLength(referenceListKeys.length);
    expect(window.localStorage.getItem("warnings")).not.toBeNull();
  });

  it("treats a cached list of the wrong shape as missing", async () => {
    cacheAllLists();
    window.localStorage.setItem("vets", JSON.stringify([{ id: "one", name: "Old shape" }]));
    const calls = countReferenceCalls();

    const lists = await loadReferenceData();

    expect(calls).toHaveLength(referenceListKeys.length);
    expect(lists.vets).toEqual(referenceFixtures.vets);
  });

  it("rejects a reply that breaks the contract, and caches nothing from it", async () => {
    server.use(
      http.get(referenceLists.vaccines.path, () =>
        HttpResponse.json([{ id: 1, name: "No rules" }]),
      ),
    );

    await expect(loadReferenceData()).rejects.toThrow(/unexpected shape/);
    expect(window.localStorage.getItem("vaccines")).toBeNull();
  });

  it("rejects with the server's message when a call fails", async () => {
    server.use(createFailingReferenceHandler("seasons"));

    await expect(loadReferenceData()).rejects.toThrow("Internal server error");
  });
});

describe("revalidateReferenceData (docs/product.md D2: admin edits reach the browser)", () => {
  beforeEach(() => resetReferenceRevalidation());

  it("replaces cached lists an admin changed since, on screen and in storage", async () => {
    cacheAllLists();
    const [firstWarning, ...otherWarnings] = referenceFixtures.warnings;
    if (!firstWarning) throw new Error("no warning fixture");
    window.localStorage.setItem(
      "warnings",
      JSON.stringify([{ ...firstWarning, title: "Before the admin's edit" }, ...otherWarnings]),
    );
    const queryClient = new QueryClient();
    const shown = await loadReferenceData();
    queryClient.setQueryData(referenceDataQueryOptions.queryKey, shown);
    expect(shown.warnings[0]?.title).toBe("Before the admin's edit");

    await revalidateReferenceData(queryClient);

    expect(queryClient.getQueryData(referenceDataQueryOptions.queryKey)).toEqual(referenceFixtures);
    expect(JSON.parse(window.localStorage.getItem("warnings") ?? "null")).toEqual(
      referenceFixtures.warnings,
    );
  });

  it("checks once per page load, and not at all after a load that fetched the lists", async () => {
    const calls = countReferenceCalls();
    await loadReferenceData();
    await revalidateReferenceData(new QueryClient());
    expect(calls).toHaveLength(referenceListKeys.length);
  });

  it("keeps the cached lists, without an error, when there is no signal", async () => {
    cacheAllLists();
    server.use(http.get(referenceLists.warnings.path, () => HttpResponse.error()));
    const queryClient = new QueryClient();
    queryClient.setQueryData(referenceDataQueryOptions.queryKey, referenceFixtures);

    await expect(revalidateReferenceData(queryClient)).resolves.toBeUndefined();

    expect(queryClient.getQueryData(referenceDataQueryOptions.queryKey)).toEqual(referenceFixtures);
  });
});
