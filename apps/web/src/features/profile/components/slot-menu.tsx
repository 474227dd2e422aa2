import { Button, Menu } from '@mantine/core';
import { useOpenedOnArrival } from '../../../components/deferred-menu';
import { ChevronDownIcon } from '../../../components/icons';
import classes from './sponsor-button.module.css';

export interface SlotChoice {
  slots: number;
  label: string;
}

/** The sponsor button's dropdown of slot counts (loaded on first use, see SponsorButton). */
export function SlotMenu({
  buttonLabel,
  choices,
  onChoose,
  openOnArrival = false,
}: {
  buttonLabel: string;
  choices: SlotChoice[];
  onChoose: (slots: number) => void;
  openOnArrival?: boolean;
}) {
  const { target, opened, setOpened } = useOpenedOnArrival<HTMLButtonElement>(openOnArrival);
  return (
    <Menu position="bottom-start" width="target" opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Button ref={target} size="lg" fullWidth classNames={classes} rightSection={<ChevronDownIcon />}>
          {buttonLabel}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {choices.map((choice) => (
          <Menu.Item key={choice.slots} onClick={() => onChoose(choice.slots)}>
            {choice.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
