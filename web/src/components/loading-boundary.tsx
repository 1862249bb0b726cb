import type { ReactNode } from "react";
import { Loader } from "@mantine/core";
import { Suspense } from "react";

/** A spinner named `label` until what it wraps has its data. */
export function LoadingBoundary({ label, children }: { label: string; children: ReactNode }) {
  return <Suspense fallback={<Loader aria-label={label} />}>{children}</Suspense>;
}
