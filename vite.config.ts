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

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), precompressAssets()],
  resolve: { alias: { "@common": path.resolve(import.meta.dirname, "common/src") } },
  build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      "/api": backend,
      "/ws": { target: backend.replace(/^http/, "ws"), ws: true },
    },
  },
});
