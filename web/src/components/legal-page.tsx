import type { ReactNode } from "react";
import { List, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "../lib/use-document-title";
import { Page } from "./page";

export const LEGAL_EFFECTIVE_DATE = "August 6, 2025";
export const LEGAL_VERSION = "1.0";

export interface LegalSection {
  title: string;
  paragraphs?: string[];
  items?: string[];
}

/** Privacy and Terms share this reading layout. */
export function LegalPage({ title, intro, sections, children }: { title: string; intro: string; sections: LegalSection[]; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Page kind="reading">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text size="sm" c="dimmed">
            Effective {LEGAL_EFFECTIVE_DATE} · Version {LEGAL_VERSION}
          </Text>
        </Stack>
        <Text>{intro}</Text>
        {sections.map((section, index) => (
          <Stack key={section.title} gap="xs" component="section">
            <Title order={2}>
              {index + 1}. {section.title}
            </Title>
            {section.paragraphs?.map((text) => (
              <Text key={text} size="sm" lh={1.65}>
                {text}
              </Text>
            ))}
            {section.items && (
              <List size="sm" spacing={4}>
                {section.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
        {children}
      </Stack>
    </Page>
  );
}
