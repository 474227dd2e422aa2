import { Button } from '@mantine/core';
import type { StaffColumn } from './server-data-table';

/**
 * A list's last column holding one Edit button per row, named after the row for screen readers
 * (`Edit North Campus`); the CSV export leaves it out. Pin it with the table's `pinLastColumn`.
 */
export function editColumn<Row>(nameOf: (row: Row) => string, onEdit: (row: Row) => void): StaffColumn<Row> {
  return {
    key: 'actions',
    title: '',
    noWrap: true,
    render: (row) => (
      <Button size="xs" variant="default" onClick={() => onEdit(row)} aria-label={`Edit ${nameOf(row)}`}>
        Edit
      </Button>
    ),
    csv: () => null,
  };
}
