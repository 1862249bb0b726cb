import { useEffect, useState, type FormEvent } from "react";
import { ActionIcon, Alert, Button, Center, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useInfiniteQuery } from "@tanstack/react-query";
import { COMMUNITY_MESSAGES } from "@common/community";
import { USER_SEARCH_MAX_LENGTH, type PublicUser, type UserSortField } from "@common/users";
import { membersQuery, searchMembersQuery } from "../api";
import { MEMBER_SORT_OPTIONS, sortMembers } from "../members";
import { MemberCard } from "./member-card";

export interface MemberDirectoryProps {
  pageSize: number;
  /** What a failed list says (the page and the hub word it differently). */
  failedText: string;
  onView: (user: PublicUser) => void;
  /** Grid columns at the widest breakpoint. */
  columns?: number;
}

/** How long typing pauses before the search runs by itself. */
const SEARCH_DEBOUNCE_MS = 300;

/** User search as you type or with Search (blank queries ignored), the six sorts, a grid of members and Load More. */
export function MemberDirectory({ pageSize, failedText, onView, columns = 3 }: MemberDirectoryProps) {
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const [settled] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => setSearch(settled.trim()), [settled]);
  const [sort, setSort] = useState<UserSortField>("last_active");
  const list = useInfiniteQuery({ ...membersQuery(sort, pageSize), enabled: !search });
  const found = useInfiniteQuery(searchMembersQuery(search, pageSize));
  const query = search ? found : list;
  const loaded = query.data?.pages.flatMap((page) => page.users) ?? [];
  const users = search ? sortMembers(loaded, sort) : loaded;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(text.trim());
  };
  const clear = () => {
    setText("");
    setSearch("");
  };

  return (
    <Stack gap="md">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Group component="form" onSubmit={submit} role="search" gap="xs" wrap="nowrap" style={{ flex: "1 1 260px" }}>
          <TextInput
            style={{ flex: 1 }}
            aria-label="Search members"
            placeholder="Search by username or name"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={USER_SEARCH_MAX_LENGTH}
            rightSection={
              text ? (
                <ActionIcon variant="subtle" color="gray" aria-label="Clear search" onClick={clear}>
                  ×
                </ActionIcon>
              ) : null
            }
          />
          <Button type="submit" variant="light">
            Search
          </Button>
        </Group>
        <Select
          aria-label="Sort members"
          w={{ base: "100%", xs: 200 }}
          value={sort}
          onChange={(value) => value && setSort(value as UserSortField)}
          data={MEMBER_SORT_OPTIONS}
          allowDeselect={false}
        />
      </Group>
      {search && (
        <Text size="sm" c="dimmed">
          Results for “{search}”{" "}
          <Button variant="subtle" size="compact-xs" onClick={clear}>
            Show everyone
          </Button>
        </Text>
      )}
      {query.isPending ? (
        <Center py="lg">
          <Group gap="xs">
            <Loader size="sm" type="dots" />
            <Text c="dimmed">{COMMUNITY_MESSAGES.loading}</Text>
          </Group>
        </Center>
      ) : query.isError && users.length === 0 ? (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{search ? COMMUNITY_MESSAGES.searchFailed : failedText}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : users.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {search ? `No members match “${search}”.` : COMMUNITY_MESSAGES.noProfiles}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: columns }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {users.map((user) => (
            <MemberCard key={user.user_id} user={user} onView={onView} />
          ))}
        </SimpleGrid>
      )}
      {query.hasNextPage && (
        <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} style={{ alignSelf: "center" }}>
          Load More
        </Button>
      )}
    </Stack>
  );
}
