import { Feature, type UserSponsored } from '@kinship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserAreaRoute } from '../../../app/routes/user-area';
import { loadPart } from '../../../i18n/catalogue';
import { json, stubApi } from '../../../test/api-stub';
import {
  buildCanadianPartner,
  buildPartner,
  buildRecordLetters,
  buildSponsorLetter,
  buildUser,
  signedIn,
} from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';

const partner = buildPartner({ partnerFeatures: [{ featuresId: Feature.Messages }] });
const user = buildUser();
const me = signedIn(user);
const LETTERS = `GET /api/users/${user.id}/messages`;
const SPONSOREDS = `GET /api/users/${user.id}/sponsoreds`;

function sponsorship(
  sponsoredsId: number,
  firstName: string,
  dateEnded: string | null = null,
): UserSponsored {
  return {
    id: sponsoredsId,
    sponsoredsId,
    partnersId: partner.id,
    numSlots: 1,
    amount: 3500,
    interval: 'month',
    dateStarted: '2025-03-04T00:00:00.000Z',
    dateEnded,
    sponsoreds: {
      id: sponsoredsId,
      firstName,
      lastName: null,
      title: null,
      profileImagePath: null,
      masked: false,
      partnerSponsoredTypesId: 21,
      sponsoredTypesId: 1,
    },
  } as UserSponsored;
}

/** Amina's letters: one waiting for review, one printed, her reply; and one to Ben, rejected. */
const letters = [
  buildSponsorLetter({
    id: 1,
    status: 'submitted',
    body: 'Happy birthday, Amina!',
    createdAt: '2026-11-20T10:00:00.000Z',
    steps: [{ status: 'submitted', at: '2026-11-20T10:00:00.000Z', by: null }],
    nextStep: { status: 'approved', typicalDays: 5 },
  }),
  buildSponsorLetter({
    id: 2,
    status: 'printed',
    body: 'We went to the lake.',
    createdAt: '2026-10-01T10:00:00.000Z',
    steps: [
      { status: 'submitted', at: '2026-10-01T10:00:00.000Z', by: null },
      { status: 'in_review', at: '2026-10-02T10:00:00.000Z', by: null },
      { status: 'approved', at: '2026-10-03T10:00:00.000Z', by: null },
      { status: 'printed', at: '2026-10-08T10:00:00.000Z', by: null },
    ],
    nextStep: { status: 'delivered', typicalDays: 20 },
  }),
  buildSponsorLetter({
    id: 3,
    direction: 'to_sponsor',
    status: 'delivered',
    body: 'Thank you for your letter. I like football and maths.',
    pictures: ['/media/letters/3/1.webp'],
    createdAt: '2026-10-25T10:00:00.000Z',
    steps: [
      { status: 'approved', at: '2026-11-02T10:00:00.000Z', by: null },
      { status: 'delivered', at: '2026-11-02T10:00:00.000Z', by: null },
    ],
  }),
  buildSponsorLetter({
    id: 4,
    sponsoredsId: 102,
    recordName: 'Ben',
    status: 'rejected',
    body: 'Call me on 555 123 4567',
    createdAt: '2026-11-10T10:00:00.000Z',
    rejectionReason: 'It carried a phone number; letters cannot hold contact details.',
    steps: [
      { status: 'submitted', at: '2026-11-10T10:00:00.000Z', by: null },
      { status: 'rejected', at: '2026-11-11T10:00:00.000Z', by: null },
    ],
  }),
];

function renderLetters(options: { partner?: typeof partner; locale?: 'fr-CA' } = {}) {
  return renderWithProviders(<UserAreaRoute />, {
    partner: options.partner ?? partner,
    me,
    route: '/profile/letters',
    path: '/profile/*',
    ...(options.locale ? { locale: options.locale } : {}),
  });
}

const card = (text: string) => screen.getByText(text).closest('article')!;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/profile/letters', () => {
  it('groups the letters per sponsored person, newest first, with their states, steps and typical times', async () => {
    const api = stubApi({
      [LETTERS]: json(letters),
      [SPONSOREDS]: json([sponsorship(101, 'Amina'), sponsorship(102, 'Ben')]),
    });
    renderLetters();
    expect(screen.getByRole('link', { name: 'Letters' })).toHaveAttribute('href', '/profile/letters');
    const amina = await screen.findByRole('region', { name: 'Amina' });
    expect(api.callsTo(LETTERS)[0]!.query.get('partnersId')).toBe(String(partner.id));

    // newest first: the birthday letter (Nov 20), Amina's reply (Oct 25), the lake (Oct 1)
    const articles = within(amina).getAllByRole('article');
    expect(articles.map((a) => a.textContent)).toEqual([
      expect.stringContaining('Happy birthday, Amina!'),
      expect.stringContaining('Thank you for your letter.'),
      expect.stringContaining('We went to the lake.'),
    ]);
    // Ben's group comes after Amina's: her newest letter is the newer
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Amina', 'Ben']);

    const waiting = card('Happy birthday, Amina!');
    expect(within(waiting).getByText('You wrote')).toBeInTheDocument();
    expect(within(waiting).getByText('Waiting for review')).toBeInTheDocument();
    expect(within(waiting).getByText('Usually approved within 5 days')).toBeInTheDocument();
    // the steps passed with their dates, where it is now, and the steps ahead
    const steps = within(within(waiting).getByRole('list', { name: 'Where this letter is' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((step) => step.textContent)).toEqual([
      'Written11/20/2026',
      'Sent for review11/20/2026',
      'Approved',
      'Printed',
      'On its way to the program',
      'Delivered',
    ]);
    expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([
      null,
      'step',
      null,
      null,
      null,
      null,
    ]);

    const printed = card('We went to the lake.');
    expect(within(printed).getByText('Printed', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(within(printed).getByText('Usually delivered within 3 weeks')).toBeInTheDocument();
    expect(within(printed).getByText('10/08/2026')).toBeInTheDocument();

    const reply = card('Thank you for your letter. I like football and maths.');
    expect(within(reply).getByText('Amina wrote')).toBeInTheDocument();
    expect(within(reply).getByText('Arrived 11/02/2026')).toBeInTheDocument();
    expect(within(reply).getByRole('img', { name: 'Picture 1' })).toHaveAttribute(
      'src',
      '/media/letters/3/1.webp',
    );
    expect(within(reply).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });

  it('shows a rejected letter’s reason kindly, with what to do', async () => {
    stubApi({ [LETTERS]: json(letters), [SPONSOREDS]: json([sponsorship(102, 'Ben')]) });
    renderLetters();
    await screen.findByRole('region', { name: 'Ben' });
    const rejected = card('Call me on 555 123 4567');
    expect(within(rejected).getByText('Not sent')).toBeInTheDocument();
    expect(within(rejected).getByText('This letter could not be passed on')).toBeInTheDocument();
    expect(
      within(rejected).getByText(
        'The team’s note: It carried a phone number; letters cannot hold contact details.',
      ),
    ).toBeInTheDocument();
    expect(within(rejected).getByText(/You are welcome to write again/)).toBeInTheDocument();
    expect(within(rejected).getByText('Not approved')).toBeInTheDocument();
    expect(within(rejected).queryByText('Approved')).toBeNull();
    expect(within(rejected).queryByText(/^Usually/)).toBeNull();
  });

  it('downloads a reply as message.pdf', async () => {
    const api = stubApi({
      [LETTERS]: json(letters),
      [SPONSOREDS]: json([]),
      'GET /api/messages/3/pdf': new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => undefined }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderLetters();
    await screen.findByRole('region', { name: 'Amina' });
    await user.click(
      within(card('Thank you for your letter. I like football and maths.')).getByRole('button', {
        name: 'Download PDF',
      }),
    );
    await waitFor(() => expect(saved).toEqual(['message.pdf']));
    expect(api.callsTo('GET /api/messages/3/pdf')).toHaveLength(1);
  });

  it('shows the page of a reply that came on paper whole, opening full size', async () => {
    const paper = buildSponsorLetter({
      id: 5,
      direction: 'to_sponsor',
      status: 'delivered',
      body: 'Thank you for the puppies.',
      hasScan: true,
      pictures: ['/media/letters/5/1.webp', '/media/letters/scans/9/page.jpg'],
      createdAt: '2026-11-25T10:00:00.000Z',
      steps: [{ status: 'delivered', at: '2026-11-26T10:00:00.000Z', by: null }],
    });
    stubApi({ [LETTERS]: json([paper]), [SPONSOREDS]: json([]) });
    renderLetters();
    await screen.findByRole('region', { name: 'Amina' });
    const reply = within(card('Thank you for the puppies.'));
    const page = reply.getByRole('img', { name: 'Amina’s letter on paper' });
    expect(page).toHaveAttribute('src', '/media/letters/scans/9/page.jpg');
    expect(page.closest('a')).toHaveAttribute('href', '/media/letters/scans/9/page.jpg');
    // The scan is not cropped among the pictures; the reply's own picture still is one.
    expect(reply.getAllByRole('img')).toHaveLength(2);
    expect(reply.getByRole('img', { name: 'Picture 1' })).toHaveAttribute('src', '/media/letters/5/1.webp');
    expect(
      reply.getByText('This letter came on paper, written by hand: here is its page.'),
    ).toBeInTheDocument();
  });

  it('shows one person’s letters when filtered', async () => {
    stubApi({ [LETTERS]: json(letters), [SPONSOREDS]: json([]) });
    const { user } = renderLetters();
    await screen.findByRole('region', { name: 'Amina' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show letters with' }), 'Ben');
    expect(screen.queryByRole('region', { name: 'Amina' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Ben' })).toBeInTheDocument();
  });

  it('writes to a person chosen among the active sponsorships, never an ended one', async () => {
    const api = stubApi({
      [LETTERS]: json([]),
      [SPONSOREDS]: json([
        sponsorship(101, 'Amina'),
        sponsorship(102, 'Ben'),
        sponsorship(103, 'Chloe', '2026-01-01T00:00:00.000Z'),
      ]),
      'GET /api/sponsoreds/102/messages': json(
        buildRecordLetters({ sponsoredsId: 102, recordName: 'Ben', guidelines: 'Be kind.' }),
      ),
    });
    const { user } = renderLetters();
    expect(await screen.findByText(/No letters yet/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Write a letter' }));
    const who = screen.getByRole('combobox', { name: 'Who are you writing to?' });
    expect(
      within(who)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a person', 'Amina', 'Ben']);
    await user.selectOptions(who, 'Ben');
    expect(await screen.findByRole('textbox', { name: 'Your letter to Ben' })).toBeInTheDocument();
    expect(screen.getByText('Be kind.')).toBeInTheDocument();
    expect(api.callsTo('GET /api/sponsoreds/101/messages')).toHaveLength(0);
  });

  it('continues a draft in the composer', async () => {
    const draft = buildSponsorLetter({
      id: 9,
      status: 'draft',
      body: 'Dear Amina,',
      steps: [],
      editable: true,
    });
    stubApi({
      [LETTERS]: json([draft]),
      [SPONSOREDS]: json([sponsorship(101, 'Amina')]),
      'GET /api/sponsoreds/101/messages': json(buildRecordLetters({ letters: [draft] })),
    });
    const { user } = renderLetters();
    expect(
      within(await screen.findByRole('region', { name: 'Amina' })).getByText('Draft'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue writing' }));
    expect(await screen.findByRole('textbox', { name: 'Your letter to Amina' })).toHaveValue('Dear Amina,');
  });

  it('has no Letters tab or page when the partner has no Messages feature', async () => {
    const api = stubApi({ [LETTERS]: json(letters), [SPONSOREDS]: json([]) });
    renderLetters({ partner: buildPartner() });
    expect(await screen.findByRole('link', { name: 'My details' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Letters' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your letters' })).toBeNull();
    expect(api.callsTo(LETTERS)).toHaveLength(0);
  });

  it('reads in French', async () => {
    await loadPart('fr-CA', 'public');
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args.map(String).join(' '));
    });
    const canadian = buildCanadianPartner({ partnerFeatures: [{ featuresId: Feature.Messages }] });
    stubApi({
      [LETTERS]: json(letters),
      [SPONSOREDS]: json([{ ...sponsorship(101, 'Amina'), partnersId: canadian.id }]),
    });
    renderLetters({ partner: canadian, locale: 'fr-CA' });
    expect(await screen.findByRole('heading', { name: 'Vos lettres' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lettres' })).toHaveAttribute('aria-current', 'page');
    await screen.findByRole('region', { name: 'Amina' });
    expect(within(card('Happy birthday, Amina!')).getByText('En attente de relecture')).toBeInTheDocument();
    expect(
      within(card('Happy birthday, Amina!')).getByText('Habituellement approuvée dans un délai de 5 jours'),
    ).toBeInTheDocument();
    expect(
      within(card('We went to the lake.')).getByText('Habituellement remise dans un délai de 3 semaines'),
    ).toBeInTheDocument();
    expect(within(card('We went to the lake.')).getByText('2026-10-08')).toBeInTheDocument();
    expect(screen.getByText('Amina a écrit')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger le PDF' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'La note de l’équipe : It carried a phone number; letters cannot hold contact details.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Écrire une lettre' })).toBeInTheDocument();
    expect(errors.filter((e) => e.includes('MISSING_TRANSLATION'))).toEqual([]);
  });
});
