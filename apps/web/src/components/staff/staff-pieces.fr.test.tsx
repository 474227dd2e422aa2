import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPart } from '../../i18n/catalogue';
import { buildCanadianPartner } from '../../test/fixtures';
import { renderWithProviders, StaffCatalogue } from '../../test/render';
import { ConfirmDialog } from './confirm-dialog';
import { SchemaForm, useSchemaForm } from './schema-form';
import { editColumn } from './edit-column';
import { ServerDataTable } from './server-data-table';

const inFrench = (ui: ReactNode) =>
  renderWithProviders(<StaffCatalogue>{ui}</StaffCatalogue>, {
    partner: buildCanadianPartner(),
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

  it('the schema form says its field errors in French: zod’s own, the domain’s, and the server’s', async () => {
    // The domain's words for a record's code and a label's length, and zod's own for an email.
    const schema = z.object({
      code: z.string().trim().min(1, 'Give the record a code.'),
      email: z.email(),
      label: z.string().max(5, 'At most 5 characters.'),
    });
    const onSubmit = async () => {
      throw new ApiError(400, 'Some fields are not valid.', {
        type: 'about:blank',
        title: 'Certains champs ne sont pas valides.',
        status: 400,
        code: 'validation_failed',
        errors: [{ field: 'code', message: 'Code cannot contain spaces.' }],
      });
    };
    function Form() {
      const form = useSchemaForm(schema, { code: '', email: 'nobody', label: 'trop long' });
      return (
        <SchemaForm form={form} submitLabel="Enregistrer" onSubmit={onSubmit}>
          <TextInput label="Code" {...form.getInputProps('code')} />
          <TextInput label="Courriel" {...form.getInputProps('email')} />
          <TextInput label="Libellé" {...form.getInputProps('label')} />
        </SchemaForm>
      );
    }
    const { user } = inFrench(<Form />);
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Donnez un code à la fiche.')).toBeInTheDocument();
    expect(screen.getByText('Au plus 5 caractères.')).toBeInTheDocument();
    expect(screen.queryByText(/Invalid email/)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Courriel' })).toHaveAccessibleDescription(/courriel/i);

    // Valid in the browser, refused by the server: its field error is shown in French too.
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'A 1');
    await user.clear(screen.getByRole('textbox', { name: 'Courriel' }));
    await user.type(screen.getByRole('textbox', { name: 'Courriel' }), 'ana@example.org');
    await user.clear(screen.getByRole('textbox', { name: 'Libellé' }));
    await user.type(screen.getByRole('textbox', { name: 'Libellé' }), 'court');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le code ne peut pas contenir d’espaces.')).toBeInTheDocument();
  });
});
