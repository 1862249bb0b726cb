import { Alert, Skeleton, type MantineRadius } from "@mantine/core";
import { errorMessage } from "@common/error-catalogue";

interface QueryStateProps {
  query: { isPending: boolean; isError: boolean; error: unknown };
  /** The placeholder's height while loading, close to what will load. */
  height: number;
  radius?: MantineRadius;
  /** The failure's heading, naming what could not load. */
  failedTitle?: string;
}

/** What a panel shows while its read loads (a placeholder) or after it failed (the catalogue's sentence). */
export function QueryState({ query, height, radius, failedTitle }: QueryStateProps) {
  return (
    <>
      {query.isPending && <Skeleton height={height} radius={radius} />}
      {query.isError && (
        <Alert color="red" variant="light" title={failedTitle}>
          {errorMessage(query.error)}
        </Alert>
      )}
    </>
  );
}
