import type { Migration } from "kysely";
import * as core from "./0001-core";
import * as activity from "./0002-activity";
import * as users from "./0003-users";
import * as files from "./0004-files";
import * as spine from "./0005-spine";

/** Every migration, in order. Add new files here; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  "0001-core": core,
  "0002-activity": activity,
  "0003-users": users,
  "0004-files": files,
  "0005-spine": spine,
};
