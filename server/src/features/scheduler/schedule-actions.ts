import type { ScheduleAction } from "@common/scheduler";
import type { Actor } from "../../lib/access";
import type { SettingsService } from "../settings/settings.service";
import type { QueueService } from "../queue/queue.service";

export interface ScheduleActionDeps {
  settings: SettingsService;
  queue: QueueService;
}

/** The actions that turn the queue or its submissions on or off: the setting, its new state and what the run records. */
const SWITCHES: Record<Exclude<ScheduleAction, "clear_queue">, { setting: "isQueueOn" | "isSubmissionsOpen"; state: "true" | "false"; done: string }> = {
  open_queue: { setting: "isQueueOn", state: "true", done: "Queue opened" },
  close_queue: { setting: "isQueueOn", state: "false", done: "Queue closed" },
  open_submissions: { setting: "isSubmissionsOpen", state: "true", done: "Submissions opened" },
  close_submissions: { setting: "isSubmissionsOpen", state: "false", done: "Submissions closed" },
};

/**
 * Does what a schedule says through the same services as a manual change, so the domain events, the
 * live updates and the announcements are the same. Returns what it did, for the run's record.
 */
export async function performScheduleAction(deps: ScheduleActionDeps, actor: Actor, action: ScheduleAction): Promise<string> {
  if (action === "clear_queue") {
    const waiting = await deps.queue.admin.clear(actor, "waiting");
    const onHold = await deps.queue.admin.clear(actor, "on_hold");
    return `Cleared ${waiting} waiting and ${onHold} on hold`;
  }
  const { setting, state, done } = SWITCHES[action];
  await deps.settings.set(actor, setting, state);
  return done;
}
