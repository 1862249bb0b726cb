import path from "node:path";
import type { FastifyStaticOptions } from "@fastify/static";

/** Content-hashed build output: a new build gives a new name, so a copy never goes stale. */
export const HASHED_ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** The app's index names the current hashed assets: browsers revalidate it on every load. */
export const INDEX_CACHE_CONTROL = "no-cache";

/**
 * @fastify/static options for the built web app: the build's .br/.gz copies are sent to browsers
 * that accept them, files under /assets are cached for a year and everything else is revalidated.
 */
export function webAssetOptions(distDir: string): Pick<FastifyStaticOptions, "preCompressed" | "cacheControl" | "setHeaders"> {
  const assetsDir = path.join(distDir, "assets") + path.sep;
  return {
    preCompressed: true,
    // send's own "public, max-age=0" would be added after setHeaders and win.
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader("cache-control", filePath.startsWith(assetsDir) ? HASHED_ASSET_CACHE_CONTROL : INDEX_CACHE_CONTROL);
    },
  };
}
