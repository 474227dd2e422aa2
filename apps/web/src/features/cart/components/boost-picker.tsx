import { Group, SegmentedControl, Text } from '@mantine/core';
import { BOOST_OPTIONS, formatPercent } from '@kinship/domain';
import { HelpTip } from '../../../components/help-tip';

/** The boost choice (spec 9: 0%, 3%, 5%, 10%), percentages with 2 decimals, with a help tip. */
export function BoostPicker({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number;
  onChange: (percent: number) => void;
}) {
  return (
    <div>
      <Group gap={4} wrap="nowrap">
        <Text fw={600} id={id}>
          Boost
        </Text>
        <HelpTip
          title="What is a boost?"
          tip="An optional extra gift, a percentage of your sponsorship, that helps the organisation cover its running costs. Choose 0.00% to give the sponsorship alone."
        />
      </Group>
      <Text size="sm" c="dimmed" mb={6}>
        An extra gift on top of your sponsorship.
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={String(value)}
        onChange={(next) => onChange(Number(next))}
        data={BOOST_OPTIONS.map((percent) => ({ value: String(percent), label: formatPercent(percent) }))}
      />
    </div>
  );
}
