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
          // Worker threads that keep their jsdom and modules from one file to the next: building a jsdom and
          // loading React and Mantine again for each of 103 files was two thirds of the web tests' CPU (152 s
          // to 52 s here, 273 s of CPU to 91 s). test/setup.ts starts each file from a fresh tab's state, and the files pass in any
          // order (checked with --sequence.shuffle.files).
          pool: "threads",
          isolate: false,
          // For hangs only, as on the server (Testing Library's waits end at 15 s: test/setup.ts).
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
