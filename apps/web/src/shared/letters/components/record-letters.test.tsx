import { Feature } from '@kinship/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, text } from '../../../test/api-stub';
import { buildPartner, buildRecordLetters, buildSponsorLetter } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { RecordLetters } from './record-letters';

const partner = buildPartner({ partnerFeatures: [{ featuresId: Feature.Messages }] });
const LETTERS = 'GET /api/sponsoreds/101/messages';
const SEND = 'POST /api/sponsoreds/101/messages';

function renderLetters() {
  return renderWithProviders(<RecordLetters sponsoredId={101} />, { partner });
}

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:picture', revokeObjectURL: () => undefined }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openComposer() {
  const view = renderLetters();
  await view.user.click(await screen.findByRole('button', { name: 'Write to Amina' }));
  return { ...view, textarea: screen.getByRole('textbox', { name: 'Your letter to Amina' }) };
}

describe('writing a letter from a sponsored person’s profile', () => {
  it('shows the partner’s guidelines beside the letter and counts its characters', async () => {
    stubApi({ [LETTERS]: json(buildRecordLetters()) });
    const { user, textarea } = await openComposer();
    const guidelines = screen.getByRole('complementary', { name: 'Before you write' });
    expect(guidelines).toHaveTextContent('Write about your days, your family and what you enjoy.');
    expect(screen.getByText('0 of 5,000 characters')).toBeInTheDocument();
    await user.type(textarea, 'Hello');
    expect(screen.getByText('5 of 5,000 characters')).toBeInTheDocument();
  });

  it('warns about an email address as they type, highlights it, and drops the warning once it is gone', async () => {
    stubApi({ [LETTERS]: json(buildRecordLetters()) });
    const { user, textarea } = await openComposer();
    await user.type(textarea, 'Write to me at sam@example.com soon');
    const warning = await screen.findByRole('alert', { name: 'One thing the team will check' });
    expect(within(warning).getByText('This looks like an email address:')).toBeInTheDocument();
    expect(within(warning).getByText('sam@example.com').tagName).toBe('MARK');
    expect(warning).toHaveTextContent(
      'Letters with contact details are held back for the team at Hope Schools. Remove it to keep your letter moving.',
    );
    expect(warning).toHaveTextContent('You can still send it');
    // a warning never blocks the letter
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();

    await user.clear(textarea);
    await user.type(textarea, 'Write to me soon');
    await waitFor(() => expect(screen.queryByText('This looks like an email address:')).toBeNull());
  });

  it('checks the partner’s own words too', async () => {
    stubApi({ [LETTERS]: json(buildRecordLetters({ words: ['secret'] })) });
    const { user, textarea } = await openComposer();
    await user.type(textarea, 'It is our Secret, ok?');
    expect(await screen.findByText('This is on the list of words the team checks:')).toBeInTheDocument();
    expect(screen.getByText('Secret').tagName).toBe('MARK');
  });

  it('sends the letter as JSON, says it is on its way to review and refreshes the letters', async () => {
    const api = stubApi({
      [LETTERS]: json(buildRecordLetters()),
      [SEND]: json({ id: 900, status: 'submitted', flags: [] }, 201),
    });
    const { user, textarea } = await openComposer();
    await user.type(textarea, 'Dear Amina, I hope you are well.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your letter is on its way to review')).toBeInTheDocument();
    expect(api.callsTo(SEND)).toHaveLength(1);
    expect(api.callsTo(SEND)[0]!.body).toEqual({ body: 'Dear Amina, I hope you are well.' });
    expect(api.callsTo(SEND)[0]!.query.get('partnersId')).toBe(String(partner.id));
    await waitFor(() => expect(api.callsTo(LETTERS)).toHaveLength(2));
    expect(screen.queryByRole('textbox', { name: 'Your letter to Amina' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Write another letter' }));
    expect(screen.getByRole('textbox', { name: 'Your letter to Amina' })).toHaveValue('');
  });

  it('saves a draft', async () => {
    const api = stubApi({
      [LETTERS]: json(buildRecordLetters()),
      [SEND]: json({ id: 901, status: 'draft', flags: [] }, 201),
    });
    const { user, textarea } = await openComposer();
    await user.type(textarea, 'Half a letter');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Your draft is saved')).toBeInTheDocument();
    expect(api.callsTo(SEND)[0]!.body).toEqual({ body: 'Half a letter', draft: true });
  });

  it('sends a letter with a picture as multipart form data, the text first', async () => {
    const api = stubApi({
      [LETTERS]: json(buildRecordLetters()),
      [SEND]: json({ id: 902, status: 'submitted', flags: [] }, 201),
    });
    const { user, textarea, container } = await openComposer();
    await user.type(textarea, 'Here is our dog.');
    const picture = new File(['png bytes'], 'dog.png', { type: 'image/png' });
    await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, picture);
    expect(screen.getByRole('img', { name: 'Picture 1' })).toHaveAttribute('src', 'blob:picture');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your letter is on its way to review')).toBeInTheDocument();
    const call = api.callsTo(SEND)[0]!;
    expect(call.headers['content-type']).toBeUndefined();
    const form = call.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['body', 'pictures']);
    expect(form.get('body')).toBe('Here is our dog.');
    expect((form.get('pictures') as File).name).toBe('dog.png');
  });

  it('takes at most three pictures, refuses other files, and lets one be removed', async () => {
    stubApi({ [LETTERS]: json(buildRecordLetters()) });
    const { user, container } = await openComposer();
    const input = () => container.querySelector<HTMLInputElement>('input[type=file]')!;
    const png = (name: string) => new File(['x'], name, { type: 'image/png' });
    await user.upload(input(), [png('a.png'), png('b.png'), png('c.png'), png('d.png')]);
    expect(screen.getAllByRole('img', { name: /^Picture / })).toHaveLength(3);
    expect(screen.getByText('A letter can carry up to 3 pictures.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add pictures' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove b.png' }));
    expect(screen.getAllByRole('img', { name: /^Picture / })).toHaveLength(2);
    // the picker offers pictures only; a file dropped past it is still refused
    fireEvent.change(input(), {
      target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })] },
    });
    expect(
      screen.getByText('notes.pdf is not a picture we can send (JPEG, PNG or WebP).'),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal in an alert and keeps the letter', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({
      [LETTERS]: json(buildRecordLetters()),
      [SEND]: text('This sponsorship has ended: its old letters can be read, but no new one sent.', 409),
    });
    const { user, textarea } = await openComposer();
    await user.type(textarea, 'Hello again');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert', { name: 'Your letter could not be sent' });
    expect(alert).toHaveTextContent(
      'This sponsorship has ended: its old letters can be read, but no new one sent.',
    );
    expect(textarea).toHaveValue('Hello again');
  });

  it('holds a letter that is too long', async () => {
    stubApi({ [LETTERS]: json(buildRecordLetters()) });
    const { user, textarea } = await openComposer();
    textarea.focus();
    await user.paste('x'.repeat(5002));
    expect(
      screen.getByText('2 characters too many: a letter holds up to 5,000 characters.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('continues a draft and submits it with PATCH', async () => {
    const draft = buildSponsorLetter({
      id: 777,
      status: 'draft',
      body: 'Dear Amina, my first words',
      steps: [],
      editable: true,
    });
    const api = stubApi({
      [LETTERS]: json(buildRecordLetters({ letters: [draft] })),
      'PATCH /api/messages/777': json({ ...draft, status: 'submitted', editable: false }),
    });
    const { user } = renderLetters();
    await user.click(await screen.findByRole('button', { name: 'Continue writing' }));
    const textarea = screen.getByRole('textbox', { name: 'Your letter to Amina' });
    expect(textarea).toHaveValue('Dear Amina, my first words');
    await user.type(textarea, ' and more.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your letter is on its way to review')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/messages/777')[0]!.body).toEqual({
      body: 'Dear Amina, my first words and more.',
      draft: false,
    });
    expect(api.callsTo(SEND)).toHaveLength(0);
  });

  it('deletes a draft once asked twice', async () => {
    const draft = buildSponsorLetter({ id: 778, status: 'draft', steps: [], editable: true });
    const api = stubApi({
      [LETTERS]: json(buildRecordLetters({ letters: [draft] })),
      'DELETE /api/messages/778': new Response(null, { status: 204 }),
    });
    const { user } = renderLetters();
    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    expect(api.callsTo('DELETE /api/messages/778')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, delete this draft' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/messages/778')).toHaveLength(1));
    await waitFor(() => expect(api.callsTo(LETTERS)).toHaveLength(2));
  });

  it('an ended sponsorship keeps its letters readable and offers no composer', async () => {
    stubApi({
      [LETTERS]: json(
        buildRecordLetters({
          canWrite: false,
          letters: [buildSponsorLetter({ body: 'Our last letter before the move.' })],
        }),
      ),
    });
    renderLetters();
    expect(
      await screen.findByText(/Your sponsorship of Amina has ended, so new letters can no longer be sent/),
    ).toBeInTheDocument();
    expect(screen.getByText('Our last letter before the move.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Write to Amina' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows a long letter’s first lines until asked for the rest', async () => {
    const long = `Dear Amina, ${'we think of you often. '.repeat(20)}`;
    stubApi({ [LETTERS]: json(buildRecordLetters({ letters: [buildSponsorLetter({ body: long })] })) });
    const { user } = renderLetters();
    const more = await screen.findByRole('button', { name: 'Show the whole letter' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(long.trim(), { normalizer: (t) => t.trim() })).toBeInTheDocument();
  });
});
