import { REPORT_DEFINITIONS, REPORT_SLUGS, Role, type YearEndRun } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/api-stub';
import { partnerStaff } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ReportsSection } from './components/reports-section';

afterEach(() => vi.unstubAllGlobals());

const year = new Date().getFullYear();
const started: YearEndRun = {
  jobId: '5d7f9a0e-1111-4a57-9a0c-7f1f1b6d2a11',
  year,
  state: 'completed',
  done: 4,
  total: 4,
  message: null,
  startedAt: '2026-11-27T12:00:00.000Z',
};

describe('the Reports section', () => {
  it('lists every report as a link to its page', async () => {
    stubApi({ 'GET /api/dashboard/reports/year-end-run': json(null) });
    renderWithProviders(<ReportsSection />, {
      me: partnerStaff(2, [Role.Reporting]),
      route: '/dashboard/reports',
    });
    expect(await screen.findByRole('heading', { name: 'Reports', level: 1 })).toBeInTheDocument();
    for (const slug of REPORT_SLUGS)
      expect(screen.getByRole('link', { name: REPORT_DEFINITIONS[slug].title })).toHaveAttribute(
        'href',
        `/dashboard/reports/${slug}`,
      );
    expect(await screen.findByText('No statements have been sent from here yet.')).toBeInTheDocument();
  });

  it('starts the year-end statements on confirmation and shows the run the server answered', async () => {
    const api = stubApi({
      'GET /api/dashboard/reports/year-end-run': json(null),
      'POST /api/dashboard/reports/year-end-run': json(started),
      [`GET /api/jobs/${started.jobId}/progress`]: json({
        id: started.jobId,
        name: 'reports.year_end_statements',
        state: 'completed',
        done: 4,
        total: 4,
        message: null,
        updatedAt: started.startedAt,
      }),
    });
    const { user } = renderWithProviders(<ReportsSection />, {
      me: partnerStaff(2, [Role.Administrator]),
      route: '/dashboard/reports',
    });
    await user.click(await screen.findByRole('button', { name: 'Send year-end statements' }));
    const dialog = await screen.findByRole('dialog', { name: `Send the ${year} statements?` });
    await user.click(within(dialog).getByRole('button', { name: 'Send statements' }));
    expect(await screen.findByText(`Statements for ${year}: done, 4 of 4 donors`)).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/reports/year-end-run').map((c) => c.body)).toEqual([{ year }]);
    // The answer took the latest run's place: the run was not asked for again.
    expect(api.callsTo('GET /api/dashboard/reports/year-end-run')).toHaveLength(1);
  });
});
