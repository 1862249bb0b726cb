/**
 * Table types, one interface per feature, joined here. Timestamps are ISO-8601 UTC text and booleans
 * are 0/1 integers on both databases, so repositories read the same values whatever the dialect.
 */
import type { ActivityTables } from "./tables/activity";
import type { CoreTables } from "./tables/core";
import type { FileTables } from "./tables/files";
import type { OutboxTables } from "./tables/outbox";
import type { UserTables } from "./tables/users";

export interface Database extends CoreTables, ActivityTables, UserTables, FileTables, OutboxTables {}
