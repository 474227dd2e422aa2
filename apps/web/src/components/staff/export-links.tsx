import { Button, Group } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

export interface ExportLinksProps {
  /** The server's streamed CSV of the table (with the filters the address carries). */
  csv: string;
  /** The same rows as an Excel (.xlsx) workbook. */
  xlsx: string;
}

/**
 * A table's export as the server streams it: plain links, so the browser downloads the file as it
 * comes (content-disposition: attachment) instead of holding every row in the page.
 */
export function ExportLinks({ csv, xlsx }: ExportLinksProps) {
  return (
    <Group gap="xs" wrap="wrap">
      <Button component="a" href={csv} download variant="default">
        <FormattedMessage id="staff.export.csv" defaultMessage="Export CSV" />
      </Button>
      <Button component="a" href={xlsx} download variant="default">
        <FormattedMessage id="staff.export.excel" defaultMessage="Export Excel" />
      </Button>
    </Group>
  );
}
