import path from "node:path";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const backend = process.env.VITE_DEV_BACKEND ?? "http://localhost:8000";

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react()],
  resolve: { alias: { "@common": path.resolve(import.meta.dirname, "common/src") } },
  build: { outDir: path.resolve(import.meta.dirname, "dist/web"), emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      "/api": backend,
      "/ws": { target: backend.replace(/^http/, "ws"), ws: true },
    },
  },
});
