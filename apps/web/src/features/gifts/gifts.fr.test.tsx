import { Feature } from '@kinship/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../i18n/catalogue';
import { json, stubApi } from '../../test/api-stub';
import { buildUser, signedIn, signedOut, buildCanadianPartner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { GiftManagePage } from './components/gift-manage-page';
import { LightningPage } from './components/lightning-page';
import { RedeemGiftPage, RedeemTrialPage } from './components/redeem-page';

const canadian = buildCanadianPartner({
  partnerFeatures: [
    { featuresId: Feature.Gifts },
    { featuresId: Feature.Trials },
    { featuresId: Feature.LightningSponsorships },
  ],
});
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const record = { id: 42, name: 'Ana', picture: null, typeLabel: 'Student' };

beforeAll(async () => {
  await loadPart('fr-CA', 'public');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('gift and trial pages in French', () => {
  it('a gift code reads in French, its period as a plural', async () => {
    stubApi({
      'GET /api/gifts/redeem/ABCDE': json({
        code: 'ABCDE',
        record,
        months: 6,
        giverName: 'Gail',
        recipientName: 'Fran',
        message: 'Bonne année',
        expiresAt: null,
        redeemedByYou: null,
      }),
    });
    renderWithProviders(<RedeemGiftPage />, {
      partner: canadian,
      me: signedOut,
      route: '/redeem/ABCDE',
      path: '/redeem/:redeemCode?',
      locale: 'fr-CA',
    });
    expect(
      await screen.findByRole('heading', { name: 'Gail vous a offert un parrainage' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Payé pour 6 mois.')).toBeInTheDocument();
    expect(screen.getByText('« Bonne année »')).toBeInTheDocument();
    expect(
      screen.getByText('Connectez-vous ou inscrivez-vous pour utiliser votre cadeau.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
  });

  it('a trial started shows its dates in fr-CA', async () => {
    stubApi({
      'GET /api/users/getByToken': json(buildUser()),
      'GET /api/trials/redeem/TRIAL': json({
        code: 'TRIAL',
        days: 30,
        record,
        expiresAt: null,
        redeemedByYou: {
          redeemedAt: '2026-03-04T10:00:00.000Z',
          endsAt: '2026-04-03T10:00:00.000Z',
          sponsoredsId: 42,
        },
      }),
    });
    renderWithProviders(<RedeemTrialPage />, {
      partner: canadian,
      me: signedIn(),
      route: '/redeemtrial/TRIAL',
      path: '/redeemtrial/:redeemCode?',
      locale: 'fr-CA',
    });
    expect(await screen.findByRole('heading', { name: 'Votre essai a commencé' })).toBeInTheDocument();
    expect(
      screen.getByText(/Vous avez commencé cet essai le 2026-03-04\. Il se termine le 2026-04-03\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir le profil' })).toHaveAttribute(
      'href',
      '/sponsored/profile/42',
    );
  });

  it('the lightning page shows the monthly amount as 1 234,56 $', async () => {
    stubApi({
      'GET /api/lightning/students/QR1': json({
        record: { ...record, name: null },
        monthlyAmount: 123456,
        campaign: '',
        code: 'QR1',
      }),
    });
    renderWithProviders(<LightningPage />, {
      partner: canadian,
      route: '/lightning/students/QR1',
      path: '/lightning/:sponsoredType?/:code?',
      locale: 'fr-CA',
    });
    expect(
      await screen.findByRole('heading', { name: 'Parrainez aujourd’hui une personne qui attend' }),
    ).toBeInTheDocument();
    expect(plain(screen.getByText(/par mois/).textContent)).toBe('1 234,56 $ par mois');
    expect(screen.getByText('En attente d’un parrainage : student')).toBeInTheDocument();
  });

  it('the gift’s manage page gives its delivery date in fr-CA', async () => {
    stubApi({
      'GET /api/gifts/manage/M1': json({
        recipientName: 'Fran',
        recipientEmail: 'fran@example.org',
        deliverOn: '2026-12-24',
        deliveredAt: null,
        redeemed: false,
      }),
    });
    renderWithProviders(<GiftManagePage />, {
      partner: canadian,
      route: '/gift/manage/M1',
      path: '/gift/manage/:manageCode',
      locale: 'fr-CA',
    });
    expect(await screen.findByText('Pour Fran, à envoyer le 2026-12-24.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeInTheDocument();
  });
});
