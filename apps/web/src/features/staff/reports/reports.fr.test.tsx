import { Role, type Overview, type PartnerPublic, type Report } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { json, stubApi } from '../../../test/api-stub';
import { partnerStaff, buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders, StaffCatalogue } from '../../../test/render';
import { OverviewPage } from './components/overview-page';
import { ReportsSection } from './components/reports-section';

afterEach(() => vi.unstubAllGlobals());

const canadian = buildCanadianPartner({} as Partial<PartnerPublic>);

const cad = (cents: number) =>
  new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }).format(cents / 100);
const frenchMonth = (year: number, month: number) =>
  new Intl.DateTimeFormat('fr-CA', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );

const report: Report = {
  slug: 'giving-by-month',
  title: 'Giving by month',
  from: '2026-01-01',
  to: '2026-03-31',
  entitiesId: null,
  currency: 'cad',
  feeModel: 'fee',
  partnerWide: true,
  columns: [
    { key: 'month', label: 'Month', kind: 'month' },
    { key: 'payments', label: 'Payments', kind: 'count' },
    { key: 'gross', label: 'Gross', kind: 'money' },
    { key: 'refunded', label: 'Refunded', kind: 'money' },
    { key: 'net', label: 'Net', kind: 'money' },
  ],
  rows: [{ month: '2026-03', payments: 12, gross: 123456, refunded: 0, net: 123456 }],
  totals: { month: 'Total', payments: 12, gross: 123456, refunded: 0, net: 123456 },
};

const render = (ui: React.ReactElement, route: string) =>
  renderWithProviders(<StaffCatalogue>{ui}</StaffCatalogue>, {
    partner: canadian,
    me: partnerStaff(2, [Role.Reporting]),
    route,
    path: route.startsWith('/dashboard/reports/') ? '/dashboard/reports/:slug' : undefined,
    locale: 'fr-CA',
  });

describe('Reports in French', () => {
  it('lists the reports in French', async () => {
    await loadPart('fr-CA', 'public');
    await loadPart('fr-CA', 'staff');
    stubApi({ 'GET /api/dashboard/reports/year-end-run': json(null) });
    render(<ReportsSection />, '/dashboard/reports');
    expect(await screen.findByRole('heading', { name: 'Rapports', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dons par mois' })).toHaveAttribute(
      'href',
      '/dashboard/reports/giving-by-month',
    );
    expect(screen.getByText('Paiements reçus chaque mois : brut, remboursé et net.')).toBeInTheDocument();
    expect(await screen.findByText('Aucun relevé n’a encore été envoyé d’ici.')).toBeInTheDocument();
  });

  it('shows a report with French columns, months and fr-CA money', async () => {
    await loadPart('fr-CA', 'public');
    await loadPart('fr-CA', 'staff');
    stubApi({ 'GET /api/dashboard/reports/giving-by-month': json(report) });
    render(<ReportsSection />, '/dashboard/reports/giving-by-month');
    const table = (await screen.findByRole('columnheader', { name: 'Mois' })).closest('table')!;
    expect(screen.getByRole('heading', { name: 'Dons par mois', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Télécharger en CSV' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Brut' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Remboursé' })).toBeInTheDocument();
    const row = within(table).getByText(frenchMonth(2026, 3)).closest('tr')!;
    expect(row.textContent).toContain(cad(123456));
    expect(row.textContent).not.toContain('$1,234.56');
    const totals = within(table).getByText('Total').closest('tr')!;
    expect(totals.textContent).toContain(cad(123456));
  });

  it('shows the overview figures and funds in French with fr-CA money', async () => {
    await loadPart('fr-CA', 'public');
    await loadPart('fr-CA', 'staff');
    const overview: Overview = {
      currency: 'cad',
      partnerWide: false,
      activeSponsorships: { value: 1234, href: '/dashboard/sponsors' },
      monthlyRecurring: { value: 123456, href: '/dashboard/reports/giving-by-month' },
      donationsThisMonth: { value: 5000, href: '/dashboard/reports/giving-by-month' },
      donationsThisYear: { value: 250000, href: '/dashboard/reports/giving-by-month' },
      newSponsors: { value: 3, href: '/dashboard/reports/sponsor-churn' },
      failedPayments: { value: 1, href: '/dashboard/donations' },
      types: [
        {
          partnerSponsoredTypesId: 21,
          label: 'Élèves',
          sponsored: { value: 40, href: '/dashboard/records' },
          waiting: { value: 7, href: '/dashboard/records' },
        },
      ],
      byMonth: [{ month: '2026-03', net: 123456 }],
      byFund: [{ fund: 'general', label: 'General donation', net: 123456 }],
    };
    stubApi({ 'GET /api/dashboard/overview': json(overview) });
    render(<OverviewPage partnerName="Espoir Québec" />, '/dashboard');
    expect(
      await screen.findByRole('link', { name: `Revenu mensuel récurrent : ${cad(123456)}` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Aperçu', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fiches par type' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'En attente' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', {
        name: `Parrainages actifs : ${new Intl.NumberFormat('fr-CA').format(1234)}`,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Élèves en attente : 7' })).toBeInTheDocument();
    expect(document.body.textContent).toContain(`Don général : ${cad(123456)}`);
    expect(
      screen.getByText(
        'Ces chiffres ne comptent que vos programmes; les dons généraux (qui n’ont pas de programme) ne sont pas inclus.',
      ),
    ).toBeInTheDocument();
  });
});
