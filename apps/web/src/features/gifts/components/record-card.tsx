import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { CodeRecord } from '@kinship/domain';
import { mediaUrl } from '../../../lib/api-client';

/** The record a code gives: its first name and picture, or neither when the record is masked. */
export function RecordCard({ record, caption }: { record: CodeRecord; caption?: string }) {
  const picture = record.picture ? mediaUrl(record.picture.replace(/^\/media\//, '')) : null;
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar src={picture} alt="" size={72} radius="md" color="gray">
        {record.name ? record.name.slice(0, 1) : '?'}
      </Avatar>
      <Stack gap={2}>
        <Text fw={700} size="lg">
          {record.name ?? `A ${record.typeLabel.toLowerCase()} waiting for a sponsor`}
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
