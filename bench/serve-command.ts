import fs from "node:fs";
import path from "node:path";

/**
 * What `npm run serve` runs, read from package.json so the benchmark measures the same process: the
 * variables it sets and node's arguments, e.g. `MALLOC_ARENA_MAX=1 node dist/server/main.js`.
 */
export function serveCommand(root: string): { env: Record<string, string>; args: string[] } {
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
  const words = scripts.serve!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? "")) {
    const assignment = words.shift()!;
    const equals = assignment.indexOf("=");
    env[assignment.slice(0, equals)] = assignment.slice(equals + 1);
  }
  if (words.shift() !== "node") throw new Error(`npm run serve does not start node: ${scripts.serve}`);
  return { env, args: words };
}
