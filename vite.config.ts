import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

const backend = process.env.VITE_DEV_BACKEND ?? "http://localhost:8000";
const outDir = path.resolve(import.meta.dirname, "dist/web");

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every text asset of the build, once, so the
 * server (@fastify/static `preCompressed`) sends compressed bytes without compressing per request.
 */
function precompressAssets(): Plugin {
  // Not index.html: the server sends it with the served config injected (plugins/web-app.ts).
  const compressible = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
  const filesUnder = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : [full];
    });
  return {
    name: "livequeue-precompress",
    apply: "build",
    closeBundle() {
      for (const file of filesUnder(outDir).filter((name) => compressible.test(name))) {
        const source = fs.readFileSync(file);
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(source, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * common/ declares its zod schemas at module level, and a call is kept by tree-shaking unless it
 * is known to be pure: the web imports a few constants from a file of schemas and would otherwise
 * download zod whole. Each top-level `const x = call(...)` there only builds a value, so it is
 * wrapped in a pure-annotated arrow that the bundler may drop when `x` is unused. So is an object or
 * array literal (a map of schemas): its calls would keep zod, and zod's first object schema asks the
 * browser whether it may `eval`, a violation of the app's own Content-Security-Policy.
 */
const PURE_WHEN_UNUSED = new Set(["CallExpression", "NewExpression", "ObjectExpression", "ArrayExpression"]);

function pureCommonDeclarations(): Plugin {
  const commonModule = /\/common\/src\/[^/]+\.ts$/;
  return {
    name: "livequeue-pure-common-declarations",
    apply: "build",
    enforce: "post",
    transform(code, id) {
      if (!commonModule.test(id)) return null;
      const calls: { start: number; end: number }[] = [];
      for (const statement of this.parse(code).body) {
        const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
        if (declaration?.type !== "VariableDeclaration") continue;
        for (const { init } of declaration.declarations) {
          if (init && PURE_WHEN_UNUSED.has(init.type)) calls.push({ start: init.start, end: init.end });
        }
      }
      let out = code;
      for (const { start, end } of calls.reverse()) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * zod and common/: kept out of the app-shell group. A common/ module is in the first load's import
 * graph for a constant, but a group takes modules whole, so its schemas (and zod under them) would
 * come along; left to automatic chunking, tree-shaking keeps them for the lazily loaded forms. The
 * group does not follow dependencies either, or it would take them back in through the entry's imports.
 */
const SCHEMA_MODULES = /([\\/]common[\\/]src[\\/]|node_modules[\\/]zod[\\/])/;

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), pureCommonDeclarations(), precompressAssets()],
  resolve: { alias: { "@common": path.resolve(import.meta.dirname, "common/src") } },
  build: {
    outDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // No <link rel="modulepreload"> in index.html for the entry's own imports: on a slow phone network they
    // shared the bandwidth with the stylesheet the prerendered page waits for (first paint under the
    // throttling of e2e/first-load.spec.ts: 1.28-1.38 s with them, 0.88-0.91 s without), and the
    // browser finds them as soon as the entry arrives (the app mounts 0.1 s later). A lazily loaded
    // page's files are still preloaded together, as they load.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? [] : deps) },
    rolldownOptions: {
      // The first load in a dozen files rather than forty: each is a round trip on a slow phone network,
      // six at a time over HTTP/1.1 (first paint under the phone throttling of e2e/first-load.spec.ts:
      // about 2.5 s before, 1.85 s after). React, the router and TanStack Query change least, so they
      // stay in a file of their own, cached across releases; the rest of what the entry imports
      // statically ($initial) joins the entry, and lazily loaded pages import what they share from it.
      output: {
        codeSplitting: {
          groups: [
            { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ },
            { name: "app-shell", tags: ["$initial"], test: (id: string) => !SCHEMA_MODULES.test(id), includeDependenciesRecursively: false },
          ],
        },
      },
      treeshake: {
        // Our own modules do nothing on import but declare (CSS aside): a feature's index re-exports
        // code that only a lazily loaded page uses, and it must not land in the first load.
        moduleSideEffects: (id: string) => !/\/(web|common)\/src\/.*\.tsx?$/.test(id),
      },
    },
  },
  server: {
    proxy: {
      "/api": backend,
      "/ws": { target: backend.replace(/^http/, "ws"), ws: true },
    },
  },
});
