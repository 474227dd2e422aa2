// The dashboard's Overview and Reports (issue 13, decision 035), lazy chunks of the dashboard.
export { OverviewPage } from './components/overview-page';
export { ReportsSection } from './components/reports-section';
