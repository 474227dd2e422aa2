import { ActionIcon, Popover, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { HelpIconGlyph } from './icons';

/** A help button that opens a click popover with an optional title and a tip. */
export function HelpIcon({ title, tip }: { title?: string | undefined; tip: ReactNode }) {
  return (
    <Popover width={280} position="bottom" withArrow shadow="md" trapFocus={false} closeOnEscape>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray.8"
          radius="xl"
          aria-label={title ? `Help: ${title}` : 'Help'}
        >
          <HelpIconGlyph size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        {title && (
          <Text fw={700} size="sm" mb={4}>
            {title}
          </Text>
        )}
        <Text size="sm">{tip}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
