import type { ReactNode } from "react";
import { Container } from "@mantine/core";

/**
 * The two content widths of the app: reading pages (legal text, sign-in results, forms) and list or
 * grid pages (home, queue, live, community, the back-office). The headers align with the wide one.
 */
export const PAGE_WIDTH = { reading: 720, wide: 1140 } as const;

/** Height of the public header's row and of the back-office header; toasts start below it. */
export const HEADER_HEIGHT = 60;

export type PageKind = keyof typeof PAGE_WIDTH;

/** A page's content column, with the same side and top padding everywhere. */
export function Page({ kind, children }: { kind: PageKind; children: ReactNode }) {
  return (
    <Container size={PAGE_WIDTH[kind]} px="md" py="lg">
      {children}
    </Container>
  );
}
