import type { ComponentPropsWithRef } from "react";
import { ActionIcon } from "@mantine/core";
import { BellIcon } from "../../components/icons";
import classes from "./bell-button.module.css";

/** The header's bell: the button that opens the notification menu, with the unread count on it. */
export function BellButton({ unread, ...button }: { unread: number } & ComponentPropsWithRef<"button">) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      pos="relative"
      style={{ overflow: "visible" }}
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
      {...button}
    >
      <BellIcon size={20} />
      {unread > 0 && (
        <span aria-hidden className={classes.count}>
          {unread > 9 ? "9+" : unread}
        </span>
      )}
    </ActionIcon>
  );
}
