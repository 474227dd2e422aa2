import { updateUserSchema } from '@kinship/domain';
import { TextInput } from '@mantine/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client';
import { fieldErrorsOf, parseProblem } from '../../lib/problem';
import { json, stubApi, text } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render';
import { ConfirmButton } from './confirm-dialog';
import { SchemaForm, useSchemaForm } from './schema-form';
import { UploadDropzone } from './upload-dropzone';

afterEach(() => vi.unstubAllGlobals());

const PROBLEM = {
  type: 'https://kinship.example/problems/validation',
  title: 'Some fields need another look.',
  status: 422,
  code: 'validation_failed',
  errors: [
    { field: 'city', message: 'No such city in this state.' },
    { field: 'rows.3.email', message: 'Invalid email' },
  ],
};

describe('the problem parser', () => {
  it('reads the JSON problem shape of staff answers, whatever its content type', () => {
    const problem = parseProblem(JSON.stringify(PROBLEM), 'application/problem+json');
    expect(problem).toEqual({ ...PROBLEM, detail: undefined });
    expect(parseProblem(JSON.stringify(PROBLEM), null)).toEqual(problem);
    expect(fieldErrorsOf(problem)).toEqual({
      city: 'No such city in this state.',
      'rows.3.email': 'Invalid email',
    });
  });

  it('gives no problem for the spec’s plain-text errors or malformed JSON', () => {
    expect(parseProblem('Sponsored record 9 was not found.', 'text/plain')).toBeNull();
    expect(parseProblem('{ not json', 'application/json')).toBeNull();
    expect(parseProblem('{"message":"x"}', 'application/json')).toBeNull();
  });

  it('puts the problem on the API client’s error, its title as the message', async () => {
    stubApi({
      'PUT /api/things/1': () =>
        new Response(JSON.stringify(PROBLEM), {
          status: 422,
          headers: { 'content-type': 'application/problem+json' },
        }),
      'GET /api/plain': text('Not found.', 404),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const thrown = await apiRequest('things/1', { method: 'PUT', body: {} }).catch((e: unknown) => e);
    expect(thrown).toMatchObject({
      status: 422,
      message: PROBLEM.title,
      problem: { code: 'validation_failed' },
    });
    const plain = await apiRequest('plain').catch((e: unknown) => e);
    expect(plain).toMatchObject({ status: 404, message: 'Not found.', problem: null });
  });
});

function AddressForm({ onSubmit }: { onSubmit: (values: unknown) => Promise<unknown> }) {
  const form = useSchemaForm(updateUserSchema, {
    firstName: 'Sam',
    lastName: 'Okafor',
    address1: '512 Oak Street',
    city: '',
    state: 'TX',
    zip: '78701',
  });
  return (
    <SchemaForm form={form} onSubmit={onSubmit} submitLabel="Save">
      <TextInput label="First name" {...form.getInputProps('firstName')} />
      <TextInput label="City" {...form.getInputProps('city')} />
    </SchemaForm>
  );
}

describe('SchemaForm', () => {
  it('validates with the domain schema before anything is sent', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { user } = renderWithProviders(<AddressForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the server’s field errors on their fields and the rest in one alert', async () => {
    stubApi({
      'PUT /api/users/7': () =>
        new Response(JSON.stringify(PROBLEM), {
          status: 422,
          headers: { 'content-type': 'application/problem+json' },
        }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithProviders(
      <AddressForm onSubmit={(values) => apiRequest('users/7', { method: 'PUT', body: values })} />,
    );
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Atlantis');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No such city in this state.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Some fields need another look. rows.3.email: Invalid email',
    );
  });

  it('sends valid values once and shows no error when the server accepts them', async () => {
    const api = stubApi({ 'PUT /api/users/7': json({ ok: true }) });
    const { user } = renderWithProviders(
      <AddressForm onSubmit={(values) => apiRequest('users/7', { method: 'PUT', body: values })} />,
    );
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Austin');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/users/7')).toHaveLength(1));
    expect(api.calls[0]!.body).toMatchObject({ firstName: 'Sam', city: 'Austin' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('ConfirmButton', () => {
  it('asks before a destructive action, and Cancel does nothing', async () => {
    const onConfirm = vi.fn(async () => undefined);
    const { user } = renderWithProviders(
      <ConfirmButton
        title="Archive record"
        message="Archive Ana?"
        confirmLabel="Archive"
        onConfirm={onConfirm}
      >
        Archive…
      </ConfirmButton>,
    );
    await user.click(screen.getByRole('button', { name: 'Archive…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive record' });
    expect(within(dialog).getByText('Archive Ana?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('does it on confirmation, and keeps the dialog open with the error when it fails', async () => {
    const onConfirm = vi
      .fn()
      .mockRejectedValueOnce(new Error('Record 4 is sponsored.'))
      .mockResolvedValueOnce(undefined);
    const { user } = renderWithProviders(
      <ConfirmButton
        title="Archive record"
        message="Archive Ana?"
        confirmLabel="Archive"
        onConfirm={onConfirm}
      >
        Archive…
      </ConfirmButton>,
    );
    await user.click(screen.getByRole('button', { name: 'Archive…' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Record 4 is sponsored.');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});

/** An XMLHttpRequest double reporting upload progress, then the answer the test chose per file. */
function stubXhr(answers: Record<string, { status: number; body: string; type?: string }>) {
  const sent: { url: string; name: string }[] = [];
  class FakeXhr {
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    withCredentials = false;
    private url = '';
    private type = 'text/plain';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return this.type;
    }
    abort() {}
    send(body: FormData) {
      const file = body.get('file') as File;
      sent.push({ url: this.url, name: file.name });
      const answer = answers[file.name]!;
      setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }), 10);
      setTimeout(() => {
        this.status = answer.status;
        this.responseText = answer.body;
        this.type = answer.type ?? 'text/plain';
        this.onload?.();
      }, 400);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('UploadDropzone', () => {
  it('uploads each file on its own, with its progress and its own outcome', async () => {
    const sent = stubXhr({
      'ana.jpg': { status: 201, body: '{"path":"a.webp"}' },
      'bomb.png': {
        status: 422,
        body: JSON.stringify({ ...PROBLEM, title: 'The picture is too large (pixels).', errors: [] }),
        type: 'application/problem+json',
      },
    });
    const uploaded = vi.fn();
    renderWithProviders(<UploadDropzone uploadUrl="/api/pictures" onUploaded={uploaded} />);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const files = [
      new File(['a'], 'ana.jpg', { type: 'image/jpeg' }),
      new File(['b'], 'bomb.png', { type: 'image/png' }),
    ];
    fireEvent.change(input, { target: { files } });
    const list = await screen.findByRole('list', { name: 'Uploads' });
    expect(await within(list).findAllByText('40%')).toHaveLength(2);
    expect(await within(list).findByText('Uploaded')).toBeInTheDocument();
    expect(await within(list).findByText('The picture is too large (pixels).')).toBeInTheDocument();
    expect(sent).toEqual([
      { url: '/api/pictures', name: 'ana.jpg' },
      { url: '/api/pictures', name: 'bomb.png' },
    ]);
    expect(uploaded).toHaveBeenCalledTimes(1);
    expect(uploaded.mock.calls[0]![1]).toBe('{"path":"a.webp"}');
  });

  it('refuses a file of another type before sending it', async () => {
    const sent = stubXhr({});
    renderWithProviders(<UploadDropzone uploadUrl="/api/pictures" />);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    const list = await screen.findByRole('list', { name: 'Uploads' });
    expect(within(list).getByText('notes.txt')).toBeInTheDocument();
    expect(within(list).getByText(/file type must be/i)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
