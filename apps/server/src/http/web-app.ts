import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { ErrorCode, type ErrorBody } from "@vaxcal/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { statusByErrorCode } from "../errors/app-error.ts";

export type WebAppOptions = { webDistDir: string };

// Vite puts content-hashed files under /assets: they never change, so browsers keep them a year.
const hashedAssetCache = "public, max-age=31536000, immutable";
const otherFileCache = "public, max-age=3600";
// The pages name the current asset hashes, so browsers must revalidate them every time.
const pageCache = "no-cache";

/*
 * The build writes two pages (docs/decisions/012-pre-rendered-landing-page.md): index.html, the
 * landing page pre-rendered, which the static files answer `/` with, and app-shell.html, the same
 * page with an empty root, for every other route of the SPA.
 */
const landingPageFile = "index.html";
const appShellFile = "app-shell.html";

const webAppNotBuiltPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>VaxCal</title></head>
<body>
<h1>VaxCal</h1>
<p>The web app is not built. Run <code>npm run build</code>, or <code>npm start</code>, which builds it first.</p>
</body>
</html>
`;

/**
 * Serves the built SPA and decides what an unknown path gets: a JSON 404 under /api (and for
 * missing assets or non-GET requests), otherwise the SPA's app shell with 200, so the client
 * router renders the route, or its own 404 page.
 */
export async function serveWebApp(
  app: FastifyInstance,
  { webDistDir }: WebAppOptions,
): Promise<void> {
  const isBuilt = [landingPageFile, appShellFile].every((file) =>
    existsSync(path.join(webDistDir, file)),
  );
  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // The build writes .br and .gz beside each file: far fewer bytes on a weak rural signal.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header("cache-control", chooseCacheControl(webDistDir, filePath));
      },
    });
  } else {
    app.log.warn({ webDistDir }, "the web app is not built; SPA routes answer with a notice");
  }

  app.setNotFoundHandler((request, reply) => {
    if (!isSpaRoute(request)) return sendNotFound(request, reply);
    if (!isBuilt) {
      return reply
        .code(503)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(webAppNotBuiltPage);
    }
    return reply.header("cache-control", pageCache).sendFile(appShellFile);
  });
}

function isSpaRoute(request: FastifyRequest): boolean {
  const pathname = request.url.split("?")[0] ?? "";
  const isApi = pathname === "/api" || pathname.startsWith("/api/");
  const isAsset = pathname.startsWith("/assets/");
  return (request.method === "GET" || request.method === "HEAD") && !isApi && !isAsset;
}

function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const pathname = request.url.split("?")[0] ?? "";
  const body: ErrorBody = {
    error: {
      code: ErrorCode.notFound,
      message: `Nothing is found at ${request.method} ${pathname}.`,
    },
  };
  return reply.code(statusByErrorCode[ErrorCode.notFound]).send(body);
}

function chooseCacheControl(webDistDir: string, filePath: string): string {
  const relative = path.relative(webDistDir, filePath).split(path.sep);
  if (relative.length === 1 && relative[0]?.endsWith(".html")) return pageCache;
  if (relative[0] === "assets") return hashedAssetCache;
  return otherFileCache;
}
