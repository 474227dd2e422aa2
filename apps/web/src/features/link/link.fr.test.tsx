import { LINK_CODE_FORMAT_MESSAGE } from '@kinship/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../i18n/catalogue';
import { json, stubApi } from '../../test/api-stub';
import { buildUser, signedIn, buildCanadianPartner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { LinkPage } from './components/link-page';
import sourceCatalogue from '../../../../../lang/en-US.json';
import { linkMessages } from './messages';

/** The source locale's catalogue: the English every message's default compiles from. */
const source: Record<string, string> = sourceCatalogue;

const canadian = buildCanadianPartner();

beforeAll(async () => {
  await loadPart('fr-CA', 'public');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/link in French', () => {
  it('explains a malformed code and links a good one, slots as a plural', async () => {
    stubApi({
      'POST /api/link': json({ id: 9, sponsoredsId: 42, name: 'Classe 3', numSlots: 2 }),
      'GET /api/users/getByToken': json(buildUser()),
    });
    const { user } = renderWithProviders(<LinkPage />, {
      partner: canadian,
      me: signedIn(),
      route: '/link',
      path: '/link/:redeemCode?',
      locale: 'fr-CA',
    });
    expect(screen.getByRole('heading', { name: 'Lier votre parrainage' })).toBeInTheDocument();
    const field = screen.getByLabelText(/^Code de liaison/);
    await user.type(field, 'OOPS');
    await user.click(screen.getByRole('button', { name: 'Lier à mon compte' }));
    expect(await screen.findByText(/Un code de liaison compte 10 lettres et chiffres/)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'GRACE7KS2H');
    await user.click(screen.getByRole('button', { name: 'Lier à mon compte' }));
    expect(
      await screen.findByText('Le parrainage (Classe 3, 2 places) figure maintenant dans votre compte.'),
    ).toBeInTheDocument();
  });

  it('keeps the spec’s English for the code format', () => {
    expect(source[linkMessages.codeFormat.id]).toBe(LINK_CODE_FORMAT_MESSAGE);
  });
});
