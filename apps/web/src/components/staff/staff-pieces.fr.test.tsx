import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPart } from '../../i18n/catalogue';
import { buildPartner } from '../../test/fixtures';
import { renderWithProviders, StaffCatalogue } from '../../test/render';
import { ConfirmDialog } from './confirm-dialog';
import { editColumn } from './edit-column';
import { ServerDataTable } from './server-data-table';

const inFrench = (ui: ReactNode) =>
  renderWithProviders(<StaffCatalogue>{ui}</StaffCatalogue>, {
    partner: buildPartner({
      countriesId: 8,
      currency: 'cad',
      defaultLocale: 'en-CA',
      locales: ['en-CA', 'fr-CA'],
    }),
    locale: 'fr-CA',
  });

beforeAll(async () => {
  await loadPart('fr-CA', 'public');
  await loadPart('fr-CA', 'staff');
});

interface Row {
  id: number;
  name: string;
}

describe('the shared staff pieces in French', () => {
  it('the table searches, pages, exports and edits in French', async () => {
    inFrench(
      <ServerDataTable<Row>
        rows={[
          { id: 1, name: 'Amani' },
          { id: 2, name: 'Baraka' },
        ]}
        columns={[
          { key: 'name', title: 'Nom', render: (r) => r.name },
          editColumn<Row>(
            (r) => r.name,
            () => undefined,
          ),
        ]}
        rowKey={(r) => r.id}
        pageSize={1}
        exportFileName="enfants"
      />,
    );
    expect(await screen.findByRole('textbox', { name: 'Rechercher' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Colonnes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exporter en CSV' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Modifier Amani' })).toHaveTextContent('Modifier');
    expect(screen.getByText('1–1 sur 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page suivante' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page précédente' })).toBeInTheDocument();
  });

  it('the confirmation offers Annuler', async () => {
    inFrench(
      <ConfirmDialog
        opened
        onClose={() => undefined}
        title="Supprimer?"
        message="C’est définitif."
        confirmLabel="Supprimer"
        onConfirm={async () => undefined}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Annuler' })).toBeInTheDocument();
  });
});
