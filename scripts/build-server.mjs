// Compiles the server into ES modules, dist/server/main.js and its chunks, for `npm start` / `npm run serve`:
// no TypeScript compiler at run time and no module lookups across node_modules at start. What the code
// imports with import() (Twitch, mail, the audio parser) goes to chunks of its own, read only when used:
// a server that never needs them holds neither their source nor their objects.
// Left outside the bundle: the SQLite driver (a native addon), the Swagger UI (serves files from its
// own folder) and the clients a setting loads on demand (pg, ioredis, the S3 SDK: lib/require-on-demand).
import { rmSync } from "node:fs";
import { build } from "esbuild";

// Chunk names carry a hash: start empty so no chunk of an earlier build stays behind.
rmSync("dist/server", { recursive: true, force: true });

await build({
  entryPoints: ["server/src/main.ts"],
  outdir: "dist/server",
  entryNames: "[name]",
  chunkNames: "chunks/[name]-[hash]",
  splitting: true,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: ["better-sqlite3", "@fastify/swagger-ui", "pg-native"],
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  // Whitespace and syntax only: names stay, so stack traces still read.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: true,
  logLevel: "warning",
});
