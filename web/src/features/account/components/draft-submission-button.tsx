import { Badge, Button, Tooltip } from "@mantine/core";

/** Drafts are a later issue: the button is there, disabled, and says so. */
export function DraftSubmissionButton() {
  return (
    <Tooltip label="Coming soon">
      <Button
        variant="default"
        disabled
        rightSection={
          <Badge size="xs" variant="light" color="gray">
            Soon
          </Badge>
        }
      >
        Draft Submission
      </Button>
    </Tooltip>
  );
}
