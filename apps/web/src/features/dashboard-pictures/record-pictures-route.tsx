import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { RecordPicturesPanel } from './record-pictures-panel';

/** /dashboard/records/:id/pictures: the panel on a page of its own. */
export function RecordPicturesRoute() {
  const { id } = useParams();
  const sponsoredsId = Number(id);
  if (!Number.isInteger(sponsoredsId) || sponsoredsId <= 0) {
    return <Text role="alert">This record does not exist.</Text>;
  }
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/dashboard/records">
        ← Records
      </Anchor>
      <Title order={1}>Pictures of record {sponsoredsId}</Title>
      <RecordPicturesPanel sponsoredsId={sponsoredsId} />
    </Stack>
  );
}
