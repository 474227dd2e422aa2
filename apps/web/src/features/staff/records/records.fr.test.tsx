import { screen } from '@testing-library/react';
import {
  archiveMessage,
  SponsoredType,
  TABLE_COLUMNS,
  type RecordDetail,
  type RecordRow,
} from '@kinship/domain';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { stubApi } from '../../../test/api-stub';
import { buildSponsoredType, partnerStaff, buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders, StaffCatalogue } from '../../../test/render';
import { RecordEditor } from './components/record-editor';
import { RecordsSection } from './components/records-section';
import { archiveMessageDescriptor, columnMessages } from './messages';

afterEach(() => vi.unstubAllGlobals());

const spaces = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const frenchPartner = buildCanadianPartner({
  partnerSponsoredTypes: [buildSponsoredType()],
  entities: [{ id: 100, name: 'North Campus', city: null }],
});

const row: RecordRow = {
  id: 301,
  code: 'ST-301',
  firstName: 'Maria',
  lastName: 'Lopez',
  title: null,
  gradesId: null,
  grade: null,
  homeroom: null,
  birthday: null,
  age: null,
  gender: 'Female',
  status: 'active',
  entitiesId: 100,
  program: 'North Campus',
  slotsFilled: 1,
  maxSlots: 2,
  monthlyAmount: 123456,
  sponsors: 1,
  pictures: 0,
  masked: false,
  customColumnValues: {},
};

describe('the catalogue holds the spec texts of Records', () => {
  const english = createIntl({ locale: 'en-US', defaultLocale: 'en-US' });

  it('names the table columns as the domain does', () => {
    for (const columns of Object.values(TABLE_COLUMNS)) {
      for (const column of columns) {
        expect(english.formatMessage(columnMessages[column.key])).toBe(column.label);
      }
    }
  });

  it('says what archiving does as archiveMessage does', () => {
    for (const count of [0, 1, 3]) {
      expect(english.formatMessage(archiveMessageDescriptor, { count })).toBe(archiveMessage(count));
    }
  });
});

describe('Records in French', () => {
  it('shows the table, its columns and a monthly amount in fr-CA', async () => {
    await loadPart('fr-CA', 'public');
    await loadPart('fr-CA', 'staff');
    stubApi({
      'GET /api/dashboard/records': new Response(JSON.stringify([row]), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-total-count': '1' },
      }),
    });
    renderWithProviders(
      <StaffCatalogue>
        <RecordsSection />
      </StaffCatalogue>,
      {
        partner: frenchPartner,
        me: partnerStaff(),
        route: '/dashboard/records',
        locale: 'fr-CA',
      },
    );
    expect(await screen.findByText('Maria')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fiches' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Importer' })).toBeInTheDocument();
    expect(screen.getAllByText('Prénom').length).toBeGreaterThan(0);
    expect(screen.getByText('1 sur 2')).toBeInTheDocument();
    expect(
      screen.getByText((_, node) => node?.tagName === 'TD' && spaces(node.textContent) === '1 234,56 $'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
  });

  it('edits a record in French, the amount in fr-CA', async () => {
    await loadPart('fr-CA', 'public');
    await loadPart('fr-CA', 'staff');
    const record: RecordDetail = {
      ...row,
      partnerSponsoredTypesId: 21,
      sponsoredTypesId: SponsoredType.Student,
      bio: '',
      translations: {},
      showBirthday: null,
      showAge: null,
      showLastName: null,
      monthlyAmountOverride: 123450,
      funFacts: [{ id: 1, description: 'Couleur', value: 'Vert' }],
    };
    renderWithProviders(
      <StaffCatalogue>
        <RecordEditor
          type={{
            id: 21,
            sponsoredTypesId: SponsoredType.Student,
            customLabelSingular: 'Élève',
            customColumns: [],
          }}
          programs={[{ id: 100, name: 'North Campus' }]}
          record={{ ...record, monthlyAmount: 123450 }}
          onSave={vi.fn()}
          onArchive={vi.fn()}
          onDone={vi.fn()}
        />
      </StaffCatalogue>,
      { partner: frenchPartner, me: partnerStaff(), locale: 'fr-CA' },
    );
    expect(await screen.findByRole('heading', { name: 'Modifier ST-301' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer les modifications' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Anecdote 1 : libellé' })).toHaveValue('Couleur');
    expect(spaces((screen.getByRole('textbox', { name: 'Montant mensuel' }) as HTMLInputElement).value)).toBe(
      '1 234,50 $',
    );
    expect(screen.getByRole('button', { name: 'Archiver' })).toBeInTheDocument();
  });
});
