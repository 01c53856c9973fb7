import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";

const compressWithBrotli = promisify(brotliCompress);
const compressWithGzip = promisify(gzip);

/** A body's smaller encodings, made once and kept beside it: only those that came out smaller. */
export type EncodedVariants = { br?: Buffer; gzip?: Buffer };

/**
 * Brotli and gzip of `body`, on libuv's threads (never the event loop). The reference lists,
 * built once per admin change, take the highest levels; a body built more often may ask for a
 * lower Brotli quality (11 costs several times 9 for a few per cent).
 */
export async function compressVariants(
  body: Buffer,
  { brotliQuality = zlibConstants.BROTLI_MAX_QUALITY }: { brotliQuality?: number } = {},
): Promise<EncodedVariants> {
  const [br, gzipped] = await Promise.all([
    compressWithBrotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    compressWithGzip(body, { level: zlibConstants.Z_BEST_COMPRESSION }),
  ]);
  return {
    ...(br.length < body.length ? { br } : {}),
    ...(gzipped.length < body.length ? { gzip: gzipped } : {}),
  };
}

/** The encoding to send for an Accept-Encoding header: br first, then gzip, else none. */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  encoded: EncodedVariants,
): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    if (name && !refused) accepted.add(name.trim());
  }
  if (encoded.br && (accepted.has("br") || accepted.has("*"))) return "br";
  if (encoded.gzip && (accepted.has("gzip") || accepted.has("*"))) return "gzip";
  return undefined;
}
