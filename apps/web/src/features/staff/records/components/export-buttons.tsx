import { ExportLinks } from '../../../../components/staff/export-links';
import { exportUrl } from '../api/import-api';

export interface ExportButtonsProps {
  partnerSponsoredTypesId: number;
  status?: string;
  entitiesId?: number;
  q?: string;
}

/** Downloads the records table with the current filters, as CSV or Excel (streamed by the server). */
export function ExportButtons(filters: ExportButtonsProps) {
  return <ExportLinks csv={exportUrl('csv', filters)} xlsx={exportUrl('xlsx', filters)} />;
}
