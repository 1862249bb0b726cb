// Runs a command with each line of its output prefixed by a label, so that commands run side by side
// stay readable; resolves to its exit code.
import { spawn } from "node:child_process";
import process from "node:process";

export function runLabelled(label, command, args, env = process.env) {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout, child.stderr]) {
    let pending = "";
    stream.on("data", (chunk) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`${label} ${line}\n`);
    });
    stream.on("end", () => pending && process.stdout.write(`${label} ${pending}\n`));
  }
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}
