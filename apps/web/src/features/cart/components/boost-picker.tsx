import { Group, SegmentedControl, Text } from '@mantine/core';
import { BOOST_OPTIONS } from '@kinship/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { HelpTip } from '../../../components/help-tip';
import { useFormat } from '../../../i18n/use-format';

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
  const intl = useIntl();
  const format = useFormat();
  return (
    <div>
      <Group gap={4} wrap="nowrap">
        <Text fw={600} id={id}>
          <FormattedMessage id="cart.boost.title" defaultMessage="Boost" />
        </Text>
        <HelpTip
          title={intl.formatMessage({ id: 'cart.boost.helpTitle', defaultMessage: 'What is a boost?' })}
          tip={intl.formatMessage(
            {
              id: 'cart.boost.helpTip',
              defaultMessage:
                'An optional extra gift, a percentage of your sponsorship, that helps the organisation cover its running costs. Choose {none} to give the sponsorship alone.',
            },
            { none: format.percent(0) },
          )}
        />
      </Group>
      <Text size="sm" c="dimmed" mb={6}>
        <FormattedMessage
          id="cart.boost.description"
          defaultMessage="An extra gift on top of your sponsorship."
        />
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={String(value)}
        onChange={(next) => onChange(Number(next))}
        data={BOOST_OPTIONS.map((percent) => ({ value: String(percent), label: format.percent(percent) }))}
      />
    </div>
  );
}
