import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { CodeRecord } from '@kinship/domain';
import { FormattedMessage } from 'react-intl';
import { mediaUrl } from '../../../lib/api-client';

/** The avatar's stand-in when the record's name is masked. */
const NO_INITIAL = '?';

/** The record a code gives: its first name and picture, or neither when the record is masked. */
export function RecordCard({ record, caption }: { record: CodeRecord; caption?: string }) {
  const picture = record.picture ? mediaUrl(record.picture.replace(/^\/media\//, '')) : null;
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar src={picture} alt="" size={72} radius="md" color="gray">
        {record.name ? record.name.slice(0, 1) : NO_INITIAL}
      </Avatar>
      <Stack gap={2}>
        <Text fw={700} size="lg">
          {record.name ?? (
            <FormattedMessage
              id="gifts.record.waiting"
              defaultMessage="A {type} waiting for a sponsor"
              values={{ type: record.typeLabel.toLowerCase() }}
            />
          )}
        </Text>
        {caption && (
          <Text size="sm" c="dimmed">
            {caption}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
