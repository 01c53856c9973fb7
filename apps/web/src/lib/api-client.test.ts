import { MessageResponseSchema } from "@vaxcal/contracts";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { server } from "../testing/mocks/server.ts";
import { ApiError, fetchJson, sendJson } from "./api-client.ts";
import { useAuthStore } from "../stores/auth.ts";

const path = "/api/echo";

function captureHeaders() {
  const seen: { headers?: Headers } = {};
  const reply = ({ request }: { request: Request }) => {
    seen.headers = request.headers;
    return HttpResponse.json({ message: "ok" });
  };
  server.use(http.get(path, reply), http.post(path, reply));
  return seen;
}

describe("the API client's session headers (docs/product.md §7)", () => {
  afterEach(() => {
    document.cookie = "XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  it("sends the bearer token once signed in, and nothing before", async () => {
    const seen = captureHeaders();
    await fetchJson(path, MessageResponseSchema);
    expect(seen.headers?.get("Authorization")).toBeNull();

    useAuthStore.setState({ token: "abc123" });
    await fetchJson(path, MessageResponseSchema);
    expect(seen.headers?.get("Authorization")).toBe("Bearer abc123");
  });

  it("copies the XSRF-TOKEN cookie into X-XSRF-TOKEN on changes only", async () => {
    const seen = captureHeaders();
    document.cookie = "XSRF-TOKEN=token%3Dvalue; path=/";

    await sendJson(path, MessageResponseSchema, { a: 1 });
    expect(seen.headers?.get("X-XSRF-TOKEN")).toBe("token=value");
    expect(seen.headers?.get("Content-Type")).toBe("application/json");

    await fetchJson(path, MessageResponseSchema);
    expect(seen.headers?.get("X-XSRF-TOKEN")).toBeNull();
  });

  it("sends no XSRF header when there is no cookie", async () => {
    const seen = captureHeaders();
    await sendJson(path, MessageResponseSchema, {});
    expect(seen.headers?.get("X-XSRF-TOKEN")).toBeNull();
  });

  it("carries the server's field issues, and flags a reply of the wrong shape", async () => {
    server.use(
      http.post(path, () =>
        HttpResponse.json(
          {
            error: {
              code: "VALIDATION_FAILED",
              message: "Some fields are not valid.",
              issues: [{ path: "body.email", message: "Taken" }],
            },
          },
          { status: 400 },
        ),
      ),
      http.get(path, () => HttpResponse.json({ nope: true })),
    );

    const refused = await sendJson(path, MessageResponseSchema, {}).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).issues).toEqual([{ path: "body.email", message: "Taken" }]);

    const odd = await fetchJson(path, MessageResponseSchema).catch((error: unknown) => error);
    expect((odd as ApiError).isUnexpectedShape).toBe(true);
  });
});
