import { useEffect, useId, useState } from "react";
import { Badge, Button, Divider, Group, Popover, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { trackEvent } from "../activity";
import { BellButton } from "./bell-button";
import { noticeStore, type Notice } from "./notice-store";
import { unreadCount, useNotices } from "./use-notices";
import { useRecordLiveNotices } from "./use-record-live-notices";

const TONE_COLORS = { info: "violet", warning: "yellow", error: "red", success: "teal" } as const;

function when(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString([], { dateStyle: "short", timeStyle: "short" });
}

function NoticeItem({ notice, fresh }: { notice: Notice; fresh: boolean }) {
  return (
    <Stack component="li" gap={2} py={6} style={{ borderLeft: `3px solid var(--mantine-color-${TONE_COLORS[notice.tone]}-5)`, paddingLeft: 10 }}>
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600} lineClamp={1}>
          {notice.title ?? "Announcement"}
        </Text>
        {fresh && (
          <Badge size="xs" color="violet" variant="filled" autoContrast>
            New
          </Badge>
        )}
      </Group>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {notice.message}
      </Text>
      <Text size="xs" c="dimmed">
        {when(notice.at)}
      </Text>
    </Stack>
  );
}

function NoticeList({ title, notices, fresh, empty }: { title: string; notices: Notice[]; fresh: Set<string>; empty: string }) {
  return (
    <section aria-label={title}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
        {title}
      </Text>
      {notices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: "none" }}>
          {notices.map((notice) => (
            <NoticeItem key={notice.id} notice={notice} fresh={fresh.has(notice.id)} />
          ))}
        </Stack>
      )}
    </section>
  );
}

/**
 * The bell of the public header: the last announcements and the personal notifications this browser
 * received, with the unread count; opening it marks them read (the new ones stay marked while open).
 * `defaultOpened`: open from the start (the bell was pressed before this code was loaded).
 */
export function NoticeMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  useRecordLiveNotices();
  const notices = useNotices();
  const [opened, setOpened] = useState(defaultOpened);
  const [fresh, setFresh] = useState<Set<string>>(new Set());
  const unread = unreadCount(notices);
  const total = notices.personal.length + notices.system.length;

  const headingId = useId();
  useEffect(() => {
    if (!opened) return;
    const current = noticeStore.get();
    setFresh(new Set([...current.personal, ...current.system].filter((notice) => !notice.read).map((notice) => notice.id)));
    trackEvent("notices.opened", { unread: unreadCount(current) });
    noticeStore.markAllRead();
  }, [opened]);

  return (
    <Popover opened={opened} onChange={setOpened} hideDetached={false} position="bottom-end" width={340} shadow="md" withArrow trapFocus returnFocus>
      <Popover.Target>
        <BellButton unread={unread} onClick={() => setOpened((open) => !open)} />
      </Popover.Target>
      <Popover.Dropdown p="sm" maw="calc(100vw - 16px)" aria-labelledby={headingId}>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h5" id={headingId}>
              Notifications
            </Title>
            {total > 0 && (
              <Button variant="subtle" size="compact-xs" onClick={() => noticeStore.clear()}>
                Clear all
              </Button>
            )}
          </Group>
          <ScrollArea.Autosize mah="min(70vh, 480px)" type="auto" offsetScrollbars>
            <Stack gap="sm">
              <NoticeList title="For you" notices={notices.personal} fresh={fresh} empty="Nothing for you yet. You'll see here when your song is played." />
              <Divider />
              <NoticeList title="Announcements" notices={notices.system} fresh={fresh} empty="No announcements yet." />
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
