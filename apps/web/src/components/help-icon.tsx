import { ActionIcon, Popover, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useOpenedOnArrival } from './deferred-menu';
import { helpIconLabel, type HelpIconProps } from './help-label';
import { HelpIconGlyph } from './icons';

/** A help button that opens a click popover with an optional title and a tip (SPEC section 2). */
export function HelpIcon({ title, tip, openOnArrival = false }: HelpIconProps & { openOnArrival?: boolean }) {
  const { target, opened, setOpened } = useOpenedOnArrival<HTMLButtonElement>(openOnArrival);
  const intl = useIntl();
  return (
    <Popover
      width={280}
      position="bottom"
      withArrow
      shadow="md"
      trapFocus={false}
      closeOnEscape
      opened={opened}
      onChange={setOpened}
    >
      <Popover.Target>
        <ActionIcon
          ref={target}
          variant="subtle"
          color="gray.8"
          radius="xl"
          aria-label={helpIconLabel(intl, title)}
          onClick={() => setOpened((open) => !open)}
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
