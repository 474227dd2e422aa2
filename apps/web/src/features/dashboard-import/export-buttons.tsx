import { Button, Group } from '@mantine/core';
import { exportUrl } from './import-api';

export interface ExportButtonsProps {
  partnerSponsoredTypesId: number;
  status?: string;
  entitiesId?: number;
  q?: string;
}

/** Downloads the records table with the current filters, as CSV or Excel (streamed by the server). */
export function ExportButtons(filters: ExportButtonsProps) {
  return (
    <Group gap="xs">
      <Button component="a" href={exportUrl('csv', filters)} download variant="default" size="sm">
        Export CSV
      </Button>
      <Button component="a" href={exportUrl('xlsx', filters)} download variant="default" size="sm">
        Export Excel
      </Button>
    </Group>
  );
}
