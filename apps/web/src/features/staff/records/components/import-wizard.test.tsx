import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../../test/api-stub';
import { buildPartner, buildSponsoredType, partnerStaff } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ImportWizard } from './import-wizard';

const JOB = '6f1c2a56-8d4e-4c1e-9d55-0f6d3b1b2c3d';
const partner = buildPartner({
  partnerSponsoredTypes: [
    buildSponsoredType(),
    buildSponsoredType({
      id: 22,
      identifier: 'teachers',
      customLabelSingular: 'Teacher',
      customLabelPlural: 'Teachers',
    }),
  ],
  entities: [{ id: 100, name: 'North Campus', city: null }],
});

const status = (state: string, result: unknown = null) => ({
  id: 7,
  jobId: JOB,
  state,
  fileName: 'roster.csv',
  picturesFileName: null,
  result,
  createdAt: '2026-11-27T12:00:00.000Z',
  finishedAt: state === 'completed' ? '2026-11-27T12:01:00.000Z' : null,
});

const progress = (state: string, done: number, total: number | null) => ({
  id: JOB,
  name: 'records.import',
  state,
  done,
  total,
  message: total === null ? null : `${done} of ${total} rows`,
  updatedAt: '2026-11-27T12:00:30.000Z',
});

afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the import wizard while an import runs (issue 21)', () => {
  it('moves its bar with the rows done, then shows the finished heading and every step done', async () => {
    window.localStorage.setItem(`kinship.recordsImport.${partner.id}`, '7');
    // The job reports 0, then 400, then all 1,000 rows; the import row completes after that.
    const reports = [
      progress('running', 0, 1000),
      progress('running', 400, 1000),
      progress('completed', 1000, 1000),
    ];
    let progressCalls = 0;
    let statusCalls = 0;
    stubApi({
      'GET /api/dashboard/records/imports/7': () => {
        statusCalls++;
        return json(
          progressCalls < 3
            ? status('running')
            : status('completed', {
                counts: { rows: 1000, created: 998, updated: 0, unchanged: 0, failed: 2 },
                errors: [
                  { row: 5, column: 'DOB', value: '2014-02-30', reason: 'Birthday is not a date.' },
                  { row: 9, column: 'Grade', value: '13th', reason: 'Grade "13th" is not a grade.' },
                ],
                pictures: null,
              }),
        );
      },
      [`GET /api/jobs/${JOB}/progress`]: () => json(reports[Math.min(progressCalls++, reports.length - 1)]),
    });
    const { container } = renderWithProviders(<ImportWizard />, {
      partner,
      me: partnerStaff(),
      route: '/dashboard/records/import',
    });

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(await screen.findByText('0 of 1000 rows')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Import records');
    expect(await screen.findByText('400 of 1000 rows', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '40');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Import finished' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Done.')).toBeInTheDocument();
    expect(screen.getByText('Imported roster.csv')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    // Every step mark is a completed step: Upload, Columns, Check and Import.
    const steps = container.querySelectorAll('.mantine-Stepper-step');
    expect(steps).toHaveLength(4);
    steps.forEach((step) => expect(step).toHaveAttribute('data-completed'));
    expect(screen.getByRole('button', { name: 'Import another file' })).toBeInTheDocument();
    expect(statusCalls).toBeGreaterThanOrEqual(2);
  }, 15_000);

  it('starts on the type the Records table named (?type=)', async () => {
    stubApi({});
    renderWithProviders(<ImportWizard />, {
      partner,
      me: partnerStaff(),
      route: '/dashboard/records/import?type=22',
    });
    expect(await screen.findByRole('combobox', { name: 'Type of record' })).toHaveValue('Teachers');
  });
});
