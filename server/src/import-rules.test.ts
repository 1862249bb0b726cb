import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const depcruise = path.join(root, "node_modules/.bin/depcruise");

/** One small tree per rule of .dependency-cruiser.cjs, each file breaking exactly that rule. */
const violations: Record<string, Record<string, string>> = {
  "no-circular": {
    "server/src/lib/first.ts": 'import { second } from "./second";\nexport const first = () => second;\n',
    "server/src/lib/second.ts": 'import { first } from "./first";\nexport const second = () => first;\n',
  },
  "kysely-only-in-repositories": {
    "server/src/features/songs/songs.service.ts": 'import { sql } from "kysely";\nexport const raw = sql;\n',
  },
  "server-lower-layers-import-no-feature": {
    "server/src/live/hub.ts": 'import { queueService } from "../features/queue/queue.service";\nexport const hub = queueService;\n',
    "server/src/features/queue/queue.service.ts": "export const queueService = 1;\n",
  },
  "feature-reads-no-other-features-repository": {
    "server/src/features/activity/activity.service.ts": 'import { queueRepository } from "../queue/queue.repository";\nexport const activity = queueRepository;\n',
    "server/src/features/queue/queue.repository.ts": "export const queueRepository = 1;\n",
  },
  "common-imports-neither-side": {
    "common/src/shared.ts": 'import { serverOnly } from "../../server/src/server-only";\nexport const shared = serverOnly;\n',
    "server/src/server-only.ts": "export const serverOnly = 1;\n",
  },
  "server-and-web-apart": {
    "server/src/uses-web.ts": 'import { webOnly } from "../../web/src/web-only";\nexport const usesWeb = webOnly;\n',
    "web/src/web-only.ts": "export const webOnly = 1;\n",
  },
  "web-feature-public-entry": {
    "web/src/features/bulk/api.ts": 'import { adminQueueKeys } from "../queue-admin/api";\nexport const bulkKeys = adminQueueKeys;\n',
    "web/src/features/queue-admin/api.ts": "export const adminQueueKeys = 1;\n",
    "web/src/features/queue-admin/index.ts": 'export { adminQueueKeys } from "./api";\n',
    "web/src/features/votes/vote-button.ts": 'import { adminQueueKeys } from "../queue-admin";\nexport const voteButton = adminQueueKeys;\n',
  },
  "web-shared-layers-import-no-feature": {
    "web/src/lib/helper.ts": 'import { queue } from "../features/queue/index";\nexport const helper = queue;\n',
    "web/src/features/queue/index.ts": "export const queue = 1;\n",
  },
  "web-features-import-no-page": {
    "web/src/features/queue/list.ts": 'import { page } from "../../routes/queue-page";\nexport const list = page;\n',
    "web/src/routes/queue-page.ts": "export const page = 1;\n",
  },
};

const kyselyStub = {
  "node_modules/kysely/package.json": '{ "name": "kysely", "main": "index.js", "types": "index.d.ts" }\n',
  "node_modules/kysely/index.js": "exports.sql = () => undefined;\n",
  "node_modules/kysely/index.d.ts": "export declare const sql: () => undefined;\n",
  "tsconfig.json": '{ "compilerOptions": { "module": "esnext", "moduleResolution": "bundler", "strict": true } }\n',
  "server/src/main.ts": "export {};\n",
  "common/src/limits.ts": "export {};\n",
  "web/src/main.ts": "export {};\n",
};

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "livequeue-import-rules-"));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function writeTree(dir: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
}

/** The names of the rules the project's own config reports on a tree, as `npm run lint:deps` runs it. */
async function brokenRules(dir: string): Promise<string[]> {
  const args = ["--config", path.join(root, ".dependency-cruiser.cjs"), "--output-type", "json", "server/src", "common/src", "web/src"];
  const output = await promisify(execFile)(depcruise, args, { cwd: dir }).then(
    (done) => done.stdout,
    (failed: { stdout: string }) => failed.stdout,
  );
  const report = JSON.parse(output) as { summary: { violations: { rule: { name: string } }[] } };
  return [...new Set(report.summary.violations.map((violation) => violation.rule.name))];
}

it.each(Object.keys(violations))("the import rule %s reports a file that breaks it", async (rule) => {
  const dir = path.join(scratch, rule);
  await writeTree(dir, { ...kyselyStub, ...violations[rule] });
  expect(await brokenRules(dir)).toEqual([rule]);
});
