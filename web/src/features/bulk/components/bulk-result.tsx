import { Alert, Box, List, Text } from "@mantine/core";
import type { BulkOperationResult } from "@common/bulk";

interface BulkResultProps {
  operationName: string;
  result: BulkOperationResult;
  /** How to name a user id in the failures (what the lists showed when the operation ran). */
  labelOf: (userId: string) => string;
}

/** What the last operation did: how many users changed, how many did not, and why each did not. */
export function BulkResult({ operationName, result, labelOf }: BulkResultProps) {
  const color = result.failed_count === 0 ? "teal" : result.success_count === 0 ? "red" : "yellow";
  return (
    <Box component="section" aria-label="Bulk operation result">
      <Alert color={color} variant="light" title={`${operationName}: done`}>
        <Text size="sm" fw={600}>
          {result.success_count} succeeded · {result.failed_count} failed
        </Text>
        {result.failures.length > 0 && (
          <List size="sm" mt="xs" spacing={4}>
            {result.failures.map((failure) => (
              <List.Item key={failure.user_id}>
                <Text span size="sm" fw={600}>
                  {labelOf(failure.user_id)}
                </Text>
                : {failure.reason}
              </List.Item>
            ))}
          </List>
        )}
      </Alert>
    </Box>
  );
}
