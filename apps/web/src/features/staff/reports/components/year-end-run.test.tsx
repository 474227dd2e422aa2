import { Role, type YearEndRun } from '@kinship/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../../test/api-stub';
import { partnerStaff } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { YearEndRunCard } from './year-end-run';

const latest: YearEndRun = {
  jobId: '0b6c7c1e-8d8a-4a57-9a0c-7f1f1b6d2a11',
  year: 2025,
  state: 'completed',
  done: 12,
  total: 12,
  message: 'Statements for 2025: 12 of 12',
  startedAt: '2026-01-05T10:00:00.000Z',
};

describe('the year-end receipts card', () => {
  it('shows Reporting the latest run without the button that mails every donor', async () => {
    const api = stubApi({ 'GET /api/dashboard/reports/year-end-run': json(latest) });
    renderWithProviders(<YearEndRunCard />, { me: partnerStaff(2, [Role.Reporting]) });
    expect(await screen.findByText(/done, 12 of 12 donors/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send year-end statements' })).toBeNull();
    // The job's progress answers only those who could start the run.
    expect(api.calls.some((c) => c.path.startsWith('/api/jobs/'))).toBe(false);
  });

  it('offers the button to those with donations.manage', async () => {
    stubApi({
      'GET /api/dashboard/reports/year-end-run': json(latest),
      [`GET /api/jobs/${latest.jobId}/progress`]: json({
        id: latest.jobId,
        name: 'reports.year_end_statements',
        state: 'completed',
        done: 12,
        total: 12,
        message: latest.message,
        updatedAt: latest.startedAt,
      }),
    });
    renderWithProviders(<YearEndRunCard />, { me: partnerStaff(2, [Role.Administrator]) });
    expect(await screen.findByRole('button', { name: 'Send year-end statements' })).toBeTruthy();
  });
});
