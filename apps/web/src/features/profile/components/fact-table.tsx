import classes from './fact-table.module.css';

/**
 * Label and value rows, as the profile's key information and fun facts show them. A plain table:
 * Mantine's Table would bring its scroll container (ScrollArea and floating-ui) into the profile's
 * first download.
 */
export function FactTable({
  rows,
  labelWidth,
  bordered = false,
}: {
  rows: readonly (readonly [label: string, value: string])[];
  labelWidth: number;
  bordered?: boolean;
}) {
  return (
    <table className={classes.table} data-bordered={bordered || undefined}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" style={{ width: labelWidth }}>
              {label}
            </th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
