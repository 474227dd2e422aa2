import {
  Role,
  type LetterDetail,
  type LetterFlagRow,
  type LetterQueueItem,
  type LetterScanPage,
} from '@kinship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, paged, stubApi, text } from '../../../test/api-stub';
import { buildPartner, partnerStaff } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { LetterPage } from './components/letter-page';
import { LettersSection } from './components/letters-section';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The names files were saved under (the api client clicks a link with `download`). */
let saved: string[] = [];
beforeEach(() => {
  saved = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

const partner = buildPartner({
  entities: [
    { id: 100, name: 'North Campus', city: null },
    { id: 101, name: 'South Campus', city: null },
  ],
});
const staff = partnerStaff(2, [Role.Messages]);

const ana: LetterQueueItem = {
  id: 7,
  direction: 'to_sponsored',
  status: 'submitted',
  sponsoredsId: 40,
  recordName: 'Ana Lopez',
  recordCode: 'NC-014',
  programId: 100,
  programName: 'North Campus',
  sponsorFirstName: 'Dana',
  sponsorsId: 9,
  excerpt: 'Dear Ana, write to me at dana@example.org…',
  language: 'en-US',
  openFlags: 2,
  flagKinds: ['email', 'money'],
  picturesCount: 1,
  hasScan: false,
  assignee: null,
  submittedAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
};
const ben: LetterQueueItem = {
  ...ana,
  id: 8,
  recordName: 'Ben Okafor',
  recordCode: null,
  sponsorFirstName: 'Lee',
  excerpt: 'Hello Ben, we planted tomatoes.',
  openFlags: 0,
  flagKinds: [],
  picturesCount: 0,
};

const BODY = 'Dear Ana, write to me at dana@example.org. Could you send me $50? Love, Dana';
const flag = (over: Partial<LetterFlagRow>): LetterFlagRow => ({
  id: 1,
  kind: 'email',
  source: 'text',
  start: BODY.indexOf('dana@'),
  end: BODY.indexOf('dana@') + 'dana@example.org'.length,
  text: 'dana@example.org',
  status: 'open',
  reason: null,
  ...over,
});
const emailFlag = flag({});
const moneyFlag = flag({
  id: 2,
  kind: 'money',
  start: BODY.indexOf('send me $50'),
  end: BODY.indexOf('send me $50') + 'send me $50'.length,
  text: 'send me $50',
});
const pictureFlag = flag({
  id: 3,
  kind: 'phone',
  source: 'picture',
  start: 0,
  end: 12,
  text: '555 201 3344',
});

const detail: LetterDetail = {
  ...ana,
  body: BODY,
  originalBody: null,
  pictures: ['/media/letters/7/a.webp'],
  flags: [emailFlag, moneyFlag, pictureFlag],
  steps: [{ status: 'submitted', at: '2026-11-20T12:00:00.000Z', by: null }],
  rejectionReason: null,
  replyToId: null,
  canApprove: false,
};

const renderQueue = (route = '/dashboard/letters') =>
  renderWithProviders(<LettersSection />, { me: staff, partner, route });

const renderLetter = (id = 7) =>
  renderWithProviders(<LetterPage />, {
    me: staff,
    partner,
    route: `/dashboard/letters/${id}`,
    path: '/dashboard/letters/:id',
  });

describe('the Letters queue', () => {
  it('opens on the letters waiting and shows each with its record, sponsor, flags and state', async () => {
    const api = stubApi({
      'GET /api/dashboard/letters': paged([ana, ben]),
      'GET /api/dashboard/letters/assignees': json([{ id: 31, name: 'Sam Rivera' }]),
    });
    renderQueue();
    const row = await screen.findByRole('row', { name: 'Letter 7: Ana Lopez (NC-014)' });
    expect(within(row).getByRole('link', { name: 'Ana Lopez' })).toHaveAttribute(
      'href',
      '/dashboard/letters/7',
    );
    expect(within(row).getByText('NC-014')).toBeInTheDocument();
    expect(within(row).getByText('Dana')).toBeInTheDocument();
    expect(within(row).getByText('Sponsor letter')).toBeInTheDocument();
    expect(within(row).getByText('2 open flags')).toBeInTheDocument();
    expect(within(row).getByText('Email address')).toBeInTheDocument();
    expect(within(row).getByText('Money or gifts')).toBeInTheDocument();
    expect(within(row).getByText('1 picture')).toBeInTheDocument();
    expect(within(row).getByText('New')).toBeInTheDocument();
    expect(within(row).getByText('11/20/2026')).toBeInTheDocument();
    const other = screen.getByRole('row', { name: 'Letter 8: Ben Okafor' });
    expect(within(other).queryByText(/open flag/)).not.toBeInTheDocument();

    const first = api.callsTo('GET /api/dashboard/letters')[0]!;
    expect(Object.fromEntries(first.query)).toEqual({
      partnersId: '2',
      page: '1',
      pageSize: '25',
      status: 'waiting',
    });
  });

  // Two halves: each filter is a few Mantine selects, slow under jsdom.
  const filtersSent = async (
    steps: Array<[string, string]>,
    search: string | null,
    expected: Record<string, string>,
  ) => {
    const api = stubApi({
      'GET /api/dashboard/letters': paged([ana]),
      'GET /api/dashboard/letters/assignees': json([{ id: 31, name: 'Sam Rivera' }]),
    });
    const { user } = renderQueue();
    await screen.findByRole('row', { name: /Letter 7/ });
    for (const [filter, option] of steps) {
      await user.click(screen.getByRole('combobox', { name: filter }));
      await user.click(await screen.findByRole('option', { name: option }));
    }
    if (search)
      await user.type(screen.getByRole('textbox', { name: 'Search record, code, sponsor or text' }), search);
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET /api/dashboard/letters').at(-1)!.query)).toEqual({
        partnersId: '2',
        page: '1',
        pageSize: '25',
        ...expected,
      }),
    );
  };

  it('sends the state, direction and flagged filters the way the queue API names them', async () => {
    await filtersSent(
      [
        ['State', 'Approved'],
        ['Direction', 'Reply'],
        ['Flagged', 'Yes'],
      ],
      null,
      { status: 'approved', direction: 'to_sponsor', flagged: 'true' },
    );
  });

  it('sends the flag, program, assignee and search filters the way the queue API names them', async () => {
    await filtersSent(
      [
        ['Flag', 'Phone number'],
        ['Program', 'South Campus'],
        ['Assigned to', 'Sam Rivera'],
      ],
      'Ana',
      { status: 'waiting', flag: 'phone', programId: '101', assignee: '31', q: 'Ana' },
    );
  });

  it('says where letters come from when none is waiting', async () => {
    stubApi({ 'GET /api/dashboard/letters': paged([]), 'GET /api/dashboard/letters/assignees': json([]) });
    renderQueue();
    expect(
      await screen.findByText(
        'No letters waiting. Letters sponsors write appear here after the automatic safety check.',
      ),
    ).toBeInTheDocument();
  });

  it('approves the chosen letters and says which were skipped, and why', async () => {
    const api = stubApi({
      'GET /api/dashboard/letters': paged([ana, ben]),
      'GET /api/dashboard/letters/assignees': json([]),
      'POST /api/dashboard/letters/approve': json({
        done: [8],
        skipped: [{ id: 7, reason: 'It has 2 open flags.' }],
      }),
    });
    const { user } = renderQueue();
    await screen.findByRole('row', { name: /Letter 7/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select all records' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected rows' });
    await user.click(within(toolbar).getByRole('button', { name: 'Approve selected' }));
    const outcome = await screen.findByRole('status');
    expect(outcome).toHaveTextContent('1 letter approved.');
    expect(outcome).toHaveTextContent('1 letter skipped:');
    expect(
      within(outcome).getByRole('link', { name: 'Ana Lopez (NC-014): It has 2 open flags.' }),
    ).toHaveAttribute('href', '/dashboard/letters/7');
    expect(api.callsTo('POST /api/dashboard/letters/approve').map((c) => c.body)).toEqual([{ ids: [7, 8] }]);
    // The queue is read again after the change.
    await waitFor(() => expect(api.callsTo('GET /api/dashboard/letters').length).toBeGreaterThanOrEqual(2));
  });

  it('marks the chosen printed letters sent to the program', async () => {
    const printed = { ...ben, status: 'printed' as const };
    const api = stubApi({
      'GET /api/dashboard/letters': paged([printed]),
      'GET /api/dashboard/letters/assignees': json([]),
      'POST /api/dashboard/letters/steps': json({ done: [8], skipped: [] }),
    });
    const { user } = renderQueue();
    await screen.findByRole('row', { name: /Letter 8/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select record 1' }));
    await user.click(screen.getByRole('button', { name: 'Mark sent to program' }));
    expect(await screen.findByRole('status')).toHaveTextContent('1 letter marked sent to the program.');
    expect(api.callsTo('POST /api/dashboard/letters/steps').map((c) => c.body)).toEqual([
      { ids: [8], status: 'sent_to_program' },
    ]);
  });
});

describe('a letter', () => {
  it('marks each open flag in the text, lists picture flags apart, and keeps Approve off until they are settled', async () => {
    stubApi({
      'GET /api/dashboard/letters/7': json(detail),
      'GET /api/dashboard/letters/assignees': json([]),
    });
    renderLetter();
    expect(
      await screen.findByRole('heading', { name: 'Sponsor letter: Ana Lopez (NC-014)', level: 1 }),
    ).toBeInTheDocument();
    const marks = [...document.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual([
      'Flag 1, Email address: dana@example.org1',
      'Flag 2, Money or gifts: send me $502',
    ]);
    const flags = screen.getByRole('region', { name: 'Flags' });
    expect(within(flags).getByText('1. Email address: “dana@example.org”')).toBeInTheDocument();
    expect(within(flags).getByText('Found in the pictures')).toBeInTheDocument();
    expect(within(flags).getByText('Phone number: “555 201 3344”')).toBeInTheDocument();
    // A flag read from a picture cannot be cut from the text: it is accepted or the letter rejected.
    expect(within(flags).queryByRole('button', { name: 'Remove “555 201 3344” from the letter' })).toBeNull();

    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription('Remove or accept the 3 open flags before approving.');
    expect(screen.getByRole('img', { name: 'Picture 1 of the letter' })).toHaveAttribute(
      'src',
      '/media/letters/7/a.webp',
    );
  });

  it('accepting a flag asks for a reason and sends it; removing one sends the removal', async () => {
    let current = detail;
    const api = stubApi({
      'GET /api/dashboard/letters/7': () => json(current),
      'GET /api/dashboard/letters/assignees': json([]),
      'GET /api/dashboard/letters': paged([]),
      'POST /api/dashboard/letters/7/flags/2': () => {
        current = {
          ...current,
          flags: [
            emailFlag,
            { ...moneyFlag, status: 'accepted', reason: 'School fees, arranged with the program.' },
            pictureFlag,
          ],
        };
        return json(current);
      },
      'POST /api/dashboard/letters/7/flags/1': () => {
        current = {
          ...current,
          body: BODY.replace('dana@example.org', '[…]'),
          flags: current.flags.map((f) => (f.id === 1 ? { ...f, status: 'removed' as const } : f)),
        };
        return json(current);
      },
    });
    const { user } = renderLetter();
    await user.click(await screen.findByRole('button', { name: 'Accept “send me $50”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this flag' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(within(dialog).getByText('Give a reason.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/letters/7/flags/2')).toHaveLength(0);
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'School fees, arranged with the program.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Accepted: School fees, arranged with the program.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/letters/7/flags/2').map((c) => c.body)).toEqual([
      { action: 'accept', reason: 'School fees, arranged with the program.' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove “dana@example.org” from the letter' }));
    expect(await screen.findByText('Removed from the letter')).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/letters/7/flags/1').map((c) => c.body)).toEqual([
      { action: 'remove' },
    ]);
    expect(screen.getByText(/write to me at \[…\]\./)).toBeInTheDocument();
  });

  it('rejects with the reason the writer will see', async () => {
    const api = stubApi({
      'GET /api/dashboard/letters/7': json(detail),
      'GET /api/dashboard/letters/assignees': json([]),
      'GET /api/dashboard/letters': paged([]),
      'POST /api/dashboard/letters/7/reject': json({
        ...detail,
        status: 'rejected',
        rejectionReason: 'Please do not ask for money.',
      }),
    });
    const { user } = renderLetter();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this letter' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason the writer will see/ }),
      'Please do not ask for money.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await screen.findByText('Rejected. The writer was told: Please do not ask for money.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/letters/7/reject').map((c) => c.body)).toEqual([
      { reason: 'Please do not ask for money.' },
    ]);
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('approves a letter with no open flag, edits the text, assigns it and saves its PDF as message.pdf', async () => {
    let current: LetterDetail = {
      ...detail,
      flags: [{ ...emailFlag, status: 'accepted', reason: 'The school’s own address.' }],
      canApprove: true,
    };
    const api = stubApi({
      'GET /api/dashboard/letters/7': () => json(current),
      'GET /api/dashboard/letters/assignees': json([{ id: 31, name: 'Sam Rivera' }]),
      'GET /api/dashboard/letters': paged([]),
      'PATCH /api/dashboard/letters/7': (call) => {
        const body = call.body as { body?: string; assigneeId?: number | null };
        current = {
          ...current,
          ...(body.body !== undefined ? { body: body.body, originalBody: BODY } : {}),
          ...(body.assigneeId !== undefined ? { assignee: { id: 31, name: 'Sam Rivera' } } : {}),
        };
        return json(current);
      },
      'POST /api/dashboard/letters/7/approve': () =>
        json((current = { ...current, status: 'approved', canApprove: false })),
      'GET /api/messages/7/pdf': new Response('%PDF-1.7', {
        headers: { 'content-type': 'application/pdf' },
      }),
    });
    const { user } = renderLetter();
    await user.click(await screen.findByRole('button', { name: 'Edit text' }));
    const box = screen.getByRole('textbox', { name: 'Text' });
    await user.clear(box);
    await user.click(box);
    await user.paste('Dear Ana, I hope school goes well.');
    await user.click(screen.getByRole('button', { name: 'Save the text' }));
    expect(await screen.findByText('Dear Ana, I hope school goes well.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/dashboard/letters/7').map((c) => c.body)).toEqual([
      { body: 'Dear Ana, I hope school goes well.' },
    ]);
    await user.click(screen.getByRole('switch', { name: 'Original' }));
    expect(
      within(screen.getByRole('region', { name: 'The writer’s original text' })).getByText(BODY),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Assigned to' }));
    await user.click(await screen.findByRole('option', { name: 'Sam Rivera' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/dashboard/letters/7').map((c) => c.body)).toContainEqual({
        assigneeId: 31,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['message.pdf']));

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/letters/7/approve')).toHaveLength(1);
  });

  it('types the reply to a sponsor letter and opens it', async () => {
    const reply: LetterDetail = {
      ...detail,
      id: 12,
      direction: 'to_sponsor',
      body: 'Thank you Dana!',
      flags: [],
      pictures: [],
      replyToId: 7,
      canApprove: true,
    };
    const api = stubApi({
      'GET /api/dashboard/letters/7': json({ ...detail, status: 'delivered', canApprove: false }),
      'GET /api/dashboard/letters/12': json(reply),
      'GET /api/dashboard/letters/assignees': json([]),
      'GET /api/dashboard/letters': paged([]),
      'POST /api/dashboard/letters': json(reply, 201),
    });
    const { user } = renderLetter();
    await user.click(await screen.findByRole('button', { name: 'Type the reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Type the reply' });
    await user.type(within(dialog).getByRole('textbox', { name: /The reply/ }), 'Thank you Dana!');
    await user.click(within(dialog).getByRole('button', { name: 'Add the reply' }));
    expect(await screen.findByRole('heading', { name: 'Reply: Ana Lopez (NC-014)' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/letters').map((c) => c.body)).toEqual([
      { replyToId: 7, body: 'Thank you Dana!' },
    ]);
    expect(screen.getByRole('link', { name: 'Answers letter 7' })).toHaveAttribute(
      'href',
      '/dashboard/letters/7',
    );
  });
});

describe('printing and replies on paper', () => {
  it('prints a program’s approved letters as letters.pdf, then reads the queue again', async () => {
    const api = stubApi({
      'GET /api/dashboard/letters': paged([]),
      'GET /api/dashboard/letters/assignees': json([]),
      'POST /api/dashboard/letters/print': new Response('%PDF-1.7', {
        headers: { 'content-type': 'application/pdf' },
      }),
    });
    const { user, queryClient } = renderQueue('/dashboard/letters?tab=print');
    const refresh = vi.spyOn(queryClient, 'invalidateQueries');
    const print = await screen.findByRole('button', { name: 'Print approved letters' });
    expect(print).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Program' }));
    await user.click(await screen.findByRole('option', { name: 'South Campus' }));
    await user.click(print);
    expect(
      await screen.findByText('letters.pdf is downloaded. The letters in it are now marked Printed.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/letters/print').map((c) => c.body)).toEqual([{ programId: 101 }]);
    expect(saved).toEqual(['letters.pdf']);
    expect(refresh).toHaveBeenCalledWith({ queryKey: ['dashboard', 'letters'] });
  });

  it('says so when a program has nothing to print', async () => {
    stubApi({
      'POST /api/dashboard/letters/print': () => {
        const answer = text('Nothing to print.', 409);
        answer.headers.set('x-error-code', 'letter_state');
        return answer;
      },
    });
    const { user } = renderQueue('/dashboard/letters?tab=print');
    await user.click(await screen.findByRole('combobox', { name: 'Program' }));
    await user.click(await screen.findByRole('option', { name: 'North Campus' }));
    await user.click(screen.getByRole('button', { name: 'Print approved letters' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No approved sponsor letters are waiting to be printed for this program.',
    );
    expect(saved).toEqual([]);
  });

  it('offers each printed letter found once, even when it moved state between the searches', async () => {
    const page: LetterScanPage = {
      id: 6,
      fileName: 'photo.jpg',
      page: 1,
      letterId: null,
      replyToId: null,
      problem: 'No readable QR code.',
      picture: '/media/letters/scans/6.webp',
      createdAt: '2026-11-21T09:00:00.000Z',
    };
    let waiting = [page];
    const api = stubApi({
      'GET /api/dashboard/letters/scans': () => json(waiting),
      // The same letter answers the printed and the sent_to_program searches.
      'GET /api/dashboard/letters': (call) =>
        paged(call.query.get('status') === 'delivered' ? [] : [{ ...ana, status: call.query.get('status') }]),
      // Matched, the page leaves the waiting list.
      'POST /api/dashboard/letters/scans/6/match': () => {
        waiting = [];
        return json({ ...page, letterId: 45, replyToId: 7, problem: null });
      },
    });
    const { user } = renderQueue('/dashboard/letters?tab=scans');
    const card = await screen.findByRole('article', { name: 'photo.jpg, page 1' });
    await user.type(within(card).getByRole('combobox', { name: /The letter it answers/ }), 'Ana');
    const options = await screen.findAllByRole('option', { name: /Ana Lopez \(NC-014\), from Dana/ });
    expect(options).toHaveLength(1);
    await user.click(options[0]!);
    await user.click(within(card).getByRole('button', { name: 'Match by hand' }));
    expect(await within(card).findByRole('link', { name: 'Matched: reply letter 45' })).toHaveAttribute(
      'href',
      '/dashboard/letters/45',
    );
    expect(api.callsTo('POST /api/dashboard/letters/scans/6/match').map((c) => c.body)).toEqual([
      { replyToId: 7 },
    ]);
  });

  it('matches a waiting page by hand to the letter number typed', async () => {
    const page: LetterScanPage = {
      id: 5,
      fileName: 'batch-1.pdf',
      page: 2,
      letterId: null,
      replyToId: null,
      problem: 'No readable QR code.',
      picture: '/media/letters/scans/5.webp',
      createdAt: '2026-11-21T09:00:00.000Z',
    };
    const api = stubApi({
      'GET /api/dashboard/letters/scans': json([page]),
      'GET /api/dashboard/letters': paged([]),
      'POST /api/dashboard/letters/scans/5/match': json({
        ...page,
        letterId: 44,
        replyToId: 7,
        problem: null,
      }),
    });
    const { user } = renderQueue('/dashboard/letters?tab=scans');
    const card = await screen.findByRole('article', { name: 'batch-1.pdf, page 2' });
    expect(within(card).getByText('Not matched: No readable QR code.')).toBeInTheDocument();
    expect(api.callsTo('GET /api/dashboard/letters/scans')[0]!.query.get('unmatched')).toBe('true');
    await user.type(within(card).getByRole('combobox', { name: /The letter it answers/ }), '7');
    await user.click(await screen.findByRole('option', { name: 'Letter 7' }));
    await user.click(within(card).getByRole('button', { name: 'Match by hand' }));
    expect(await within(card).findByRole('link', { name: 'Matched: reply letter 44' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/letters/scans/5/match').map((c) => c.body)).toEqual([
      { replyToId: 7 },
    ]);
    // The printed sponsor letters were searched one state at a time (and again once matched).
    const searched = api
      .callsTo('GET /api/dashboard/letters')
      .filter((c) => c.query.get('q') === '7')
      .map((c) => [c.query.get('direction'), c.query.get('status')]);
    expect(searched.slice(0, 3)).toEqual([
      ['to_sponsored', 'printed'],
      ['to_sponsored', 'sent_to_program'],
      ['to_sponsored', 'delivered'],
    ]);
  });

  it('saves the guidelines and the word list, one word a line', async () => {
    const api = stubApi({
      'GET /api/dashboard/letters/settings': json({ guidelines: 'Be kind.', words: ['whatsapp'] }),
      'PUT /api/dashboard/letters/settings': (call) => json(call.body),
    });
    const { user } = renderQueue('/dashboard/letters?tab=settings');
    const words = await screen.findByRole('textbox', { name: 'Words to flag' });
    expect(words).toHaveValue('whatsapp');
    await user.click(words);
    await user.keyboard('{End}');
    await user.paste('\n  telegram \n\nwhatsapp\nvenmo');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/dashboard/letters/settings').map((c) => c.body)).toEqual([
      { guidelines: 'Be kind.', words: ['whatsapp', 'telegram', 'venmo'] },
    ]);
  });
});
