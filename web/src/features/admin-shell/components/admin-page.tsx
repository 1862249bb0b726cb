import type { ReactNode } from "react";
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { Page, type PageKind } from "../../../components/page";
import { useDocumentTitle } from "../../../lib/use-document-title";

export interface AdminPageProps {
  title: string;
  kind: PageKind;
  /** One sentence under the title on what the page is for. */
  intro?: string;
  /** What stands under the title beside the intro, such as the live status. */
  status?: ReactNode;
  /** Buttons before Return Admin Page. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A back-office page: its title (also the tab's), what it is for, its buttons and the way back to the admin home. */
export function AdminPage({ title, kind, intro, status, actions, children }: AdminPageProps) {
  useDocumentTitle(title);
  return (
    <Page kind={kind}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Title order={1}>{title}</Title>
            {status}
          </Stack>
          <Group gap="xs">
            {actions}
            <Button variant="default" component={Link} to="/admin">
              Return Admin Page
            </Button>
          </Group>
        </Group>
        {intro && <Text c="dimmed">{intro}</Text>}
        {children}
      </Stack>
    </Page>
  );
}
