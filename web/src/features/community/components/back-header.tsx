import type { ReactNode } from "react";
import { Button, Group, Title } from "@mantine/core";
import { useLocation, useNavigate } from "react-router";
import { useAccountSlot } from "../../../components/account-slot";

/** Back (to the previous page, or home when opened directly), the page title and the account button. */
export function BackHeader({ title }: { title: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { NavButton } = useAccountSlot();
  const back = () => void (location.key === "default" ? navigate("/") : navigate(-1));
  return (
    <Group justify="space-between" wrap="nowrap" py="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Button variant="subtle" size="sm" px="xs" onClick={back} style={{ flexShrink: 0 }}>
          ← Back
        </Button>
        <Title order={1} size="h3" style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
          {title}
        </Title>
      </Group>
      <NavButton />
    </Group>
  );
}
