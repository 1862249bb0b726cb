import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * Loads a CommonJS package the first time a setting asks for it, so a server on the embedded SQLite
 * without Redis or S3 never loads (nor holds in memory) the PostgreSQL, Redis or S3 clients.
 * Call with the package's type: `requireOnDemand<typeof import("ioredis")>("ioredis")`.
 */
export function requireOnDemand<Module>(name: string): Module {
  return require(name) as Module;
}
