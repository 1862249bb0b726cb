import path from "node:path";
import { ESLint } from "eslint";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

/** The rules the project's eslint.config.js reports on `text` as if it were `file`, each once, with its severity. */
async function reported(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return [...new Set(result!.messages.map((message) => `${message.severity === 2 ? "error" : "warning"} ${message.ruleId ?? "directive"}`))];
}

const component = (body: string) => `import { useEffect, useState } from "react";\nexport function Shown({ on, id }: { on: boolean; id: string }) {\n${body}\n}\n`;

/** One small file per rule, each breaking exactly that rule, at the severity `npm run lint` gives it. */
const violations: [rule: string, file: string, text: string][] = [
  ["warning max-lines", "server/src/features/songs/songs.service.ts", `export const line = 1;\n${"// a line\n".repeat(300)}`],
  ["error @typescript-eslint/no-explicit-any", "server/src/features/songs/songs.service.ts", "export const loose = (value: any) => value;\n"],
  ["error @typescript-eslint/no-unused-vars", "server/src/features/songs/songs.service.ts", "export function song(title: string) {\n  const unused = title;\n  return title;\n}\n"],
  ["error prefer-const", "server/src/features/songs/songs.service.ts", "export function title() {\n  let name = 'a';\n  return name;\n}\n"],
  ["error no-debugger", "server/src/features/songs/songs.service.ts", "export function title() {\n  debugger;\n  return 'a';\n}\n"],
  ["error directive", "server/src/features/songs/songs.service.ts", "// eslint-disable-next-line prefer-const\nexport const title = 'a';\n"],
  [
    "error react-hooks/rules-of-hooks",
    "web/src/features/songs/shown.tsx",
    component("  if (!on) return null;\n  const [open] = useState(id);\n  useEffect(() => undefined, []);\n  return open;"),
  ],
  ["error no-restricted-properties", "web/src/features/songs/shown.test.tsx", 'import { vi } from "vitest";\nvi.mock("./songs");\n'],
  ["error no-restricted-imports", "e2e/songs.spec.ts", 'import { test } from "@playwright/test";\n\ntest("a song", async () => {});\n'],
  ["warning react-hooks/exhaustive-deps", "web/src/features/songs/shown.tsx", component("  useEffect(() => console.log(id), []);\n  const [open] = useState(on);\n  return open;")],
];

describe("eslint.config.js", () => {
  it.each(violations)("reports %s on a file that breaks it", async (rule, file, text) => {
    expect(await reported(file, text)).toEqual([rule]);
  });

  it("leaves the project's deliberate patterns alone", async () => {
    const deliberate = "export function publicFields({ secret: _secret, ...rest }: { secret: string; name: string }) {\n  return rest;\n}\n";
    expect(await reported("server/src/features/songs/songs.presenter.ts", deliberate)).toEqual([]);
    expect(await reported("web/src/features/songs/shown.test.tsx", "import { useFakeApi } from './fake';\nuseFakeApi();\n")).toEqual([]);
    expect(await reported("server/src/features/songs/songs.routes.test.ts", "export const read = (body: any) => body.id;\n")).toEqual([]);
    expect(
      await reported(
        "e2e/songs.spec.ts",
        'import type { Page } from "@playwright/test";\nimport { test } from "./support";\n\ntest("a song", async ({ page }: { page: Page }) => page);\n',
      ),
    ).toEqual([]);
  });
});

describe(".prettierrc.json", () => {
  const file = path.join(root, "server/src/features/songs/songs.service.ts");
  const isFormatted = async (text: string) => prettier.check(text, { ...(await prettier.resolveConfig(file)), filepath: file });

  it("accepts the code as it is written here: double quotes, semicolons, lines up to 180 characters", async () => {
    expect(await isFormatted(`export const line = [${'"word", '.repeat(19)}"end"];\n`)).toBe(true);
    expect(await isFormatted(`export const title = "a";\n`)).toBe(true);
  });

  it("reports single quotes, a missing semicolon and a line past 180 characters", async () => {
    expect(await isFormatted("export const title = 'a';\n")).toBe(false);
    expect(await isFormatted('export const title = "a"\n')).toBe(false);
    expect(await isFormatted(`export const line = [${'"words", '.repeat(21)}"end"];\n`)).toBe(false);
  });
});
