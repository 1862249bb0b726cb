import { useState } from "react";
import { Alert, Badge, Box, Checkbox, Group, Paper, ScrollArea, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { submitterName, type Entry } from "@common/queue";
import { PRIORITY_LABELS } from "@common/limits";
import { errorMessage } from "@common/error-catalogue";
import { matchesSearch } from "../bulk-form";

export interface PickerList {
  title: string;
  entries: Entry[] | undefined;
  error: unknown;
}

interface UserPickerProps {
  lists: PickerList[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}

/** The live lists with a checkbox per user, a select-all per list and one search box over all of them. */
export function UserPicker({ lists, selected, onChange }: UserPickerProps) {
  const [search, setSearch] = useState("");
  return (
    <Stack gap="md">
      <TextInput label="Search users" placeholder="Channel, artist or track" value={search} onChange={(event) => setSearch(event.currentTarget.value)} type="search" />
      {lists.map((list) => (
        <PickerSection key={list.title} list={list} search={search} selected={selected} onChange={onChange} />
      ))}
    </Stack>
  );
}

function PickerSection({ list, search, selected, onChange }: { list: PickerList; search: string } & Omit<UserPickerProps, "lists">) {
  const shown = list.entries?.filter((entry) => matchesSearch(entry, search)) ?? [];
  const chosen = shown.filter((entry) => selected.has(entry.user_id)).length;
  const all = shown.length > 0 && chosen === shown.length;
  const toggleAll = () => {
    const next = new Set(selected);
    for (const entry of shown) {
      if (all) next.delete(entry.user_id);
      else next.add(entry.user_id);
    }
    onChange(next);
  };
  const toggle = (userId: string) => {
    const next = new Set(selected);
    if (next.has(userId)) next.delete(userId);
    else next.add(userId);
    onChange(next);
  };

  return (
    <Paper component="section" aria-label={list.title} withBorder radius="md" p="sm">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="xs">
          <Text fw={700}>{list.title}</Text>
          <Badge variant="light">{list.entries?.length ?? 0}</Badge>
        </Group>
        <Checkbox
          label={`Select all${search.trim() ? " shown" : ""}`}
          checked={all}
          indeterminate={chosen > 0 && !all}
          disabled={shown.length === 0}
          onChange={toggleAll}
          aria-label={`Select all in ${list.title}`}
        />
      </Group>
      {list.entries === undefined && !list.error && <Skeleton height={60} radius="sm" />}
      {list.error !== null && list.error !== undefined && (
        <Alert color="red" variant="light" title="Could not load this list">
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.entries && shown.length === 0 && (
        <Text size="sm" c="dimmed" py={4}>
          {list.entries.length === 0 ? "Nobody here." : "Nobody here matches the search."}
        </Text>
      )}
      <ScrollArea.Autosize mah={340} type="auto" offsetScrollbars>
        <Stack gap={6}>
          {shown.map((entry) => (
            <Checkbox
              key={entry.user_id}
              checked={selected.has(entry.user_id)}
              onChange={() => toggle(entry.user_id)}
              label={<UserLine entry={entry} />}
              styles={{ body: { alignItems: "flex-start" }, labelWrapper: { minWidth: 0 } }}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}

function UserLine({ entry }: { entry: Entry }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600} truncate>
          {entry.track_title}
        </Text>
        {entry.priority_level > 0 && (
          <Badge size="xs" variant="light" color="yellow" style={{ flexShrink: 0 }}>
            {PRIORITY_LABELS[entry.priority_level]}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {entry.artist_name} · {submitterName(entry)}
      </Text>
    </Box>
  );
}
