import path from "node:path";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

const alias = { "@common": path.resolve(import.meta.dirname, "common/src") };

/**
 * Two projects: the server and shared code in Node, the web app in jsdom. Three test files run at once
 * even on two cores (vitest's default there is one): most of a file's time is spent waiting on sockets,
 * databases, child processes and real timers, not on the CPU. Timeouts end hangs; they never time the machine.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "server",
          environment: "node",
          include: ["server/src/**/*.test.ts", "common/src/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          // A worker keeps the modules it loaded for its next file: loading the server afresh for each
          // file was 600 s of the suite's 1,640 s of test time. Server tests share no module state (no
          // vi.mock, no process.env writes; every app, database and clock is made by the test).
          isolate: false,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: "web",
          environment: "jsdom",
          include: ["web/src/**/*.test.{ts,tsx}"],
          setupFiles: ["web/src/test/setup.ts"],
          // Worker threads, not processes: each file still gets its own jsdom and modules, started for less
          // (the web files took 400 s of CPU instead of 500 s here).
          pool: "threads",
          // For hangs only, as on the server (Testing Library's waits end at 15 s: test/setup.ts).
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
