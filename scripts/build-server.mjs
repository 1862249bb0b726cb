// Compiles the server into one ES module, dist/server/main.js, for `npm start` / `npm run serve`:
// no TypeScript compiler at run time and no module lookups across node_modules at start.
// Left outside the bundle: the SQLite driver (a native addon), the Swagger UI (serves files from its
// own folder) and the clients a setting loads on demand (pg, ioredis, the S3 SDK: lib/require-on-demand).
import { build } from "esbuild";

await build({
  entryPoints: ["server/src/main.ts"],
  outfile: "dist/server/main.js",
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
