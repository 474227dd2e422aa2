import { CODE_MESSAGES, Feature, formatDate } from '@kinship/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, text } from '../../../test/api-stub';
import { buildPartner, buildUser, signedIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { RedeemGiftPage, RedeemTrialPage } from './redeem-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const partner = buildPartner({
  partnerFeatures: [{ featuresId: Feature.Gifts }, { featuresId: Feature.Trials }],
});
const record = { id: 42, name: 'Ana', picture: null, typeLabel: 'Student' };
const giftPreview = {
  code: 'ABCDE-FGHJK-LMNPQ-RSTUV',
  record,
  months: 6,
  giverName: 'Gail Giver',
  recipientName: 'Fran',
  message: null,
  expiresAt: null,
  redeemedByYou: null,
};
const trialPreview = {
  code: 'ABCDE-FGHJK-LMNPQ-RSTUV',
  days: 30,
  record,
  expiresAt: null,
  redeemedByYou: null,
};
const redeemedAt = '2026-03-04T10:00:00.000Z';
const endsAt = '2026-09-04T10:00:00.000Z';
/** Dates as the site writes them (MM/DD/YYYY, SPEC), not the browser's locale format. */
const day = (iso: string) => formatDate(new Date(iso));

describe('/redeem/{code}', () => {
  it('after "Redeem my gift" shows only the success, though the code now reads as used to others', async () => {
    let redeemed = false;
    const api = stubApi({
      'GET /api/users/getByToken': json(buildUser()),
      // Before: the code's preview; after: the server tells the redeemer of their own redemption.
      'GET /api/gifts/redeem/ABCDE-FGHJK-LMNPQ-RSTUV': () =>
        json(
          redeemed
            ? { ...giftPreview, redeemedByYou: { redeemedAt, endsAt, sponsoredsId: 42 } }
            : giftPreview,
        ),
      'POST /api/gifts/redeem/ABCDE-FGHJK-LMNPQ-RSTUV': () => {
        redeemed = true;
        return json({ sponsoredsId: 42, userSponsoredsId: 9, endsAt });
      },
    });
    const { user } = renderWithProviders(<RedeemGiftPage />, {
      partner,
      me: signedIn(),
      route: '/redeem/ABCDE-FGHJK-LMNPQ-RSTUV',
      path: '/redeem/:redeemCode?',
    });
    await user.click(await screen.findByRole('button', { name: 'Redeem my gift' }));
    expect(await screen.findByRole('heading', { name: 'Your sponsorship has begun' })).toBeInTheDocument();
    // The page reads the code again after redeeming: still no error above the success.
    await vi.waitFor(() =>
      expect(api.callsTo('GET /api/gifts/redeem/ABCDE-FGHJK-LMNPQ-RSTUV')).toHaveLength(2),
    );
    expect(
      await screen.findByText(new RegExp(`You redeemed this gift on ${day(redeemedAt)}`)),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(CODE_MESSAGES.used)).not.toBeInTheDocument();
  });

  it('never puts an error above its own success, whatever the code answers when read again', async () => {
    let redeemed = false;
    stubApi({
      'GET /api/users/getByToken': json(buildUser()),
      'GET /api/gifts/redeem/ABCDE-FGHJK-LMNPQ-RSTUV': () =>
        redeemed ? text(CODE_MESSAGES.used, 409) : json(giftPreview),
      'POST /api/gifts/redeem/ABCDE-FGHJK-LMNPQ-RSTUV': () => {
        redeemed = true;
        return json({ sponsoredsId: 42, userSponsoredsId: 9, endsAt });
      },
    });
    const { user, queryClient } = renderWithProviders(<RedeemGiftPage />, {
      partner,
      me: signedIn(),
      route: '/redeem/ABCDE-FGHJK-LMNPQ-RSTUV',
      path: '/redeem/:redeemCode?',
    });
    await user.click(await screen.findByRole('button', { name: 'Redeem my gift' }));
    expect(await screen.findByRole('heading', { name: 'Your sponsorship has begun' })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(['code-preview', 'gift', 'ABCDE-FGHJK-LMNPQ-RSTUV'])?.status).toBe(
        'error',
      ),
    );
    expect(screen.queryByText(CODE_MESSAGES.used)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('on a reload the redeemer sees their success with its date, not "already been used"', async () => {
    stubApi({
      'GET /api/users/getByToken': json(buildUser()),
      'GET /api/gifts/redeem/ABCDE-FGHJK-LMNPQ-RSTUV': json({
        ...giftPreview,
        redeemedByYou: { redeemedAt, endsAt, sponsoredsId: 42 },
      }),
    });
    renderWithProviders(<RedeemGiftPage />, {
      partner,
      me: signedIn(),
      route: '/redeem/ABCDE-FGHJK-LMNPQ-RSTUV',
      path: '/redeem/:redeemCode?',
    });
    expect(await screen.findByRole('heading', { name: 'Your sponsorship has begun' })).toBeInTheDocument();
    expect(
      screen.getByText(
        new RegExp(`You redeemed this gift on ${day(redeemedAt)}. It runs until ${day(endsAt)}.`),
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the profile' })).toHaveAttribute(
      'href',
      '/sponsored/profile/42',
    );
    expect(screen.queryByRole('button', { name: 'Redeem my gift' })).not.toBeInTheDocument();
  });

  it('still tells anyone else plainly that the code was used', async () => {
    stubApi({
      'GET /api/users/getByToken': json(buildUser()),
      'GET /api/gifts/redeem/ABCDE-FGHJK-LMNPQ-RSTUV': text(CODE_MESSAGES.used, 409),
    });
    renderWithProviders(<RedeemGiftPage />, {
      partner,
      me: signedIn(),
      route: '/redeem/ABCDE-FGHJK-LMNPQ-RSTUV',
      path: '/redeem/:redeemCode?',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(CODE_MESSAGES.used);
  });

  it('knows a signed-in person whose details are not saved yet: no "Sign in or sign up", the button asks for the details', async () => {
    const api = stubApi({ 'GET /api/gifts/redeem/ABCDE-FGHJK-LMNPQ-RSTUV': json(giftPreview) });
    const { user } = renderWithProviders(<RedeemGiftPage />, {
      partner,
      me: { signedIn: true, isNew: true, user: null },
      route: '/redeem/ABCDE-FGHJK-LMNPQ-RSTUV',
      path: '/redeem/:redeemCode?',
    });
    const button = await screen.findByRole('button', { name: 'Redeem my gift' });
    expect(screen.queryByText(/Sign in or sign up/)).not.toBeInTheDocument();
    expect(screen.getByText(/Save your details to finish setting up your account/)).toBeInTheDocument();
    await user.click(button);
    // No redeem call that could only answer "please sign in": the details come first.
    expect(api.callsTo('POST /api/gifts/redeem/ABCDE-FGHJK-LMNPQ-RSTUV')).toEqual([]);
  });
});

describe('/redeemtrial/{code}', () => {
  it('after "Start my trial" shows the success with the start date, and so after a reload', async () => {
    let started = false;
    stubApi({
      'GET /api/users/getByToken': json(buildUser()),
      'GET /api/trials/redeem/ABCDE-FGHJK-LMNPQ-RSTUV': () =>
        started
          ? json({ ...trialPreview, redeemedByYou: { redeemedAt, endsAt, sponsoredsId: 42 } })
          : json(trialPreview),
      'POST /api/trials/redeem/ABCDE-FGHJK-LMNPQ-RSTUV': () => {
        started = true;
        return json({ sponsoredsId: 42, userSponsoredsId: 9, endsAt });
      },
    });
    const { user } = renderWithProviders(<RedeemTrialPage />, {
      partner,
      me: signedIn(),
      route: '/redeemtrial/ABCDE-FGHJK-LMNPQ-RSTUV',
      path: '/redeemtrial/:redeemCode?',
    });
    await user.click(await screen.findByRole('button', { name: 'Start my trial' }));
    expect(await screen.findByRole('heading', { name: 'Your trial has begun' })).toBeInTheDocument();
    expect(
      await screen.findByText(new RegExp(`You started this trial on ${day(redeemedAt)}`)),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
