// Bulk import and export of records: the wizard's page and the export buttons for the records table.
export { ImportWizard } from './import-wizard';
export { ExportButtons, type ExportButtonsProps } from './export-buttons';
