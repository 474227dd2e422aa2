import { Card, Image, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

export interface InfoCardProps {
  title: string;
  subtitle?: ReactNode;
  /** An optional picture above the text; alt is required when it carries meaning ('' if decorative). */
  image?: { src: string; alt: string } | null | undefined;
  /** Heading level of the title (default 3). */
  order?: TitleOrder;
  children?: ReactNode;
}

/** A card with a title, a subtitle, an optional image and a body. */
export function InfoCard({ title, subtitle, image, order = 3, children }: InfoCardProps) {
  return (
    <Card withBorder shadow="xs" padding="lg" radius="md" component="section">
      {image && (
        <Card.Section mb="md">
          <Image src={image.src} alt={image.alt} h={180} fit="cover" />
        </Card.Section>
      )}
      <Title order={order} size="h4">
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" size="sm" mt={4}>
          {subtitle}
        </Text>
      )}
      {children && <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{children}</div>}
    </Card>
  );
}
