import { Button } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { StaffColumn } from './server-data-table';

/** One row's Edit button, named after the row. */
function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  const intl = useIntl();
  return (
    <Button
      size="xs"
      variant="default"
      onClick={onClick}
      aria-label={intl.formatMessage({ id: 'staff.table.editRow', defaultMessage: 'Edit {name}' }, { name })}
    >
      <FormattedMessage id="staff.table.edit" defaultMessage="Edit" />
    </Button>
  );
}

/**
 * A list's last column holding one Edit button per row, named after the row for screen readers
 * (`Edit North Campus`); the CSV export leaves it out. Pin it with the table's `pinLastColumn`.
 */
export function editColumn<Row>(nameOf: (row: Row) => string, onEdit: (row: Row) => void): StaffColumn<Row> {
  return {
    key: 'actions',
    title: '',
    noWrap: true,
    render: (row) => <EditButton name={nameOf(row)} onClick={() => onEdit(row)} />,
    csv: () => null,
  };
}
