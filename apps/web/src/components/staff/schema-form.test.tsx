import { TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../test/render';
import { SchemaForm, useSchemaForm, type SchemaFormProps } from './schema-form';

// The SchemaForm's buttons beyond its one submit (the problem handling is tested in staff-pieces.test.tsx).

/** Scheduling needs a time; a draft does not. */
const postSchema = z
  .object({ title: z.string().trim().min(1, 'Required.'), at: z.string(), schedule: z.boolean() })
  .refine((post) => !post.schedule || post.at !== '', { message: 'Choose the date and time.', path: ['at'] });
type Post = z.input<typeof postSchema>;

function PostForm(props: Partial<SchemaFormProps<Post & Record<string, unknown>>>) {
  const form = useSchemaForm(postSchema, { title: '', at: '', schedule: false });
  return (
    <SchemaForm form={form} submitLabel="Schedule" onSubmit={async () => undefined} {...props}>
      <TextInput label="Title" {...form.getInputProps('title')} />
      <TextInput label="At" {...form.getInputProps('at')} />
    </SchemaForm>
  );
}

/** A promise the test settles, standing for a request still on its way. */
function pending() {
  let settle: (value?: unknown) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  return { promise, settle, fail };
}

describe('SchemaForm buttons', () => {
  it('sends the values each submit button sets, validated as set (Save draft beside Schedule)', async () => {
    const onSubmit = vi.fn(async (_values: Post) => undefined);
    const { user } = renderWithProviders(
      <PostForm
        onSubmit={onSubmit}
        submitValues={{ schedule: true }}
        secondarySubmit={{ label: 'Save draft', values: { schedule: false } }}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Harvest');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(screen.getByText('Choose the date and time.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ title: 'Harvest', at: '', schedule: false });
    expect(screen.queryByText('Choose the date and time.')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'At' }), '2026-12-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0]).toEqual({ title: 'Harvest', at: '2026-12-01T09:00', schedule: true });
  });

  it('shows which button is sending and holds the others until the answer', async () => {
    const request = pending();
    const onCancel = vi.fn();
    const { user } = renderWithProviders(
      <PostForm
        onSubmit={() => request.promise}
        submitValues={{ schedule: true }}
        secondarySubmit={{ label: 'Save draft', values: { schedule: false } }}
        onCancel={onCancel}
        cancelLabel="Keep it"
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Harvest');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Schedule' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Save draft' })).toHaveAttribute('data-loading', 'true');
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeDisabled();
    request.settle();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep it' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('leaves by Cancel without validating or sending', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const onCancel = vi.fn();
    const { user } = renderWithProviders(<PostForm onSubmit={onSubmit} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByText('Required.')).toBeNull();
  });

  it('keeps a disabled submit from sending', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { user } = renderWithProviders(<PostForm submitDisabled onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Harvest');
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says a failure without a title when asked (the message alone, as the dialogs always have)', async () => {
    const { user } = renderWithProviders(
      <PostForm errorTitle={null} onSubmit={() => Promise.reject(new Error('The code was already used.'))} />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Harvest');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The code was already used.');
  });

  it('puts an aside in the buttons’ row (a Delete beside Save)', () => {
    renderWithProviders(<PostForm aside={<button type="button">Delete draft</button>} />);
    const row = screen
      .getByRole('button', { name: 'Schedule' })
      .closest('.mantine-Group-root')!.parentElement!;
    expect(row).toContainElement(screen.getByRole('button', { name: 'Delete draft' }));
  });
});
