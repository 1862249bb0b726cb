// The static checks of `npm test`, side by side: each is a single process that leaves the second core
// idle for much of its run, and together they take the time of the longest (the typecheck).
import process from "node:process";
import { runLabelled } from "./run-labelled.mjs";

const CHECKS = ["typecheck", "lint", "format:check", "lint:deps"];

const codes = await Promise.all(CHECKS.map((script) => runLabelled(`[${script}]`, "npm", ["run", "--silent", script])));
const failed = CHECKS.filter((_script, index) => codes[index] !== 0);
if (failed.length) process.stdout.write(`failed: ${failed.join(", ")} (their output above)\n`);
process.exit(failed.length ? 1 : 0);
