import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("schedules")
    .addColumn("schedule_id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("schedule_type", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("execution_time", "text", (c) => c.notNull())
    .addColumn("timezone", "text", (c) => c.notNull())
    .addColumn("start_date", "text")
    .addColumn("end_date", "text")
    .addColumn("weekdays", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("next_execution", "text")
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("schedules_due").on("schedules").columns(["is_active", "next_execution"]).execute();

  // One row per schedule and due time: the unique key is what lets only one instance run it.
  await db.schema
    .createTable("schedule_runs")
    .addColumn("run_id", "text", (c) => c.primaryKey())
    .addColumn("schedule_id", "text", (c) => c.notNull().references("schedules.schedule_id").onDelete("cascade"))
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("trigger", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("detail", "text")
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addUniqueConstraint("schedule_runs_once_per_due_time", ["schedule_id", "due_at"])
    .execute();
  await db.schema.createIndex("schedule_runs_recent").on("schedule_runs").columns(["started_at"]).execute();
}
