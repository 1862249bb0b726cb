import type { ScheduleAction } from "@common/scheduler";
import type { Actor } from "../../lib/access";
import type { SettingsService } from "../settings/settings.service";
import type { QueueService } from "../queue/queue.service";

export interface ScheduleActionDeps {
  settings: SettingsService;
  queue: QueueService;
}

/**
 * Does what a schedule says through the same services as a manual change, so the domain events, the
 * live updates and the announcements are the same. Returns what it did, for the run's record.
 */
export async function performScheduleAction(deps: ScheduleActionDeps, actor: Actor, action: ScheduleAction): Promise<string> {
  switch (action) {
    case "open_queue":
      await deps.settings.set(actor, "isQueueOn", "true");
      return "Queue opened";
    case "close_queue":
      await deps.settings.set(actor, "isQueueOn", "false");
      return "Queue closed";
    case "open_submissions":
      await deps.settings.set(actor, "isSubmissionsOpen", "true");
      return "Submissions opened";
    case "close_submissions":
      await deps.settings.set(actor, "isSubmissionsOpen", "false");
      return "Submissions closed";
    case "clear_queue": {
      const waiting = await deps.queue.admin.clear(actor, "waiting");
      const onHold = await deps.queue.admin.clear(actor, "on_hold");
      return `Cleared ${waiting} waiting and ${onHold} on hold`;
    }
  }
}
