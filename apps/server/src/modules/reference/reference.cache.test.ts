import { describe, expect, it } from "vitest";
import { buildCachedList, createListCache } from "./reference.cache.ts";

describe("the reference lists' cache (issue 28, item 8)", () => {
  it("keeps a list within its bound in bytes and serves it again from memory", async () => {
    let builds = 0;
    const cache = createListCache(
      async (key: "small") => {
        builds += 1;
        return buildCachedList(JSON.stringify([key]));
      },
      () => true,
    );
    await cache.get("small");
    await cache.get("small");

    expect(builds).toBe(1);
    expect(cache.describe()).toMatchObject({ entries: 1, hits: 1, misses: 1 });
    expect(cache.describe().bytes).toBeGreaterThan(0);
  });

  it("serves a list that would pass the bound, but builds it again next time", async () => {
    let builds = 0;
    const large = JSON.stringify(Array.from({ length: 2_000 }, (_, index) => `animal ${index}`));
    const cache = createListCache(
      async (_key: "large") => {
        builds += 1;
        return buildCachedList(large);
      },
      () => true,
      1_024,
    );
    const first = await cache.get("large");
    await cache.get("large");

    expect(first.json.toString()).toBe(large);
    expect(builds).toBe(2);
    expect(cache.describe()).toMatchObject({ entries: 0, bytes: 0, maxBytes: 1_024 });
  });
});
