import { Alert, Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { fieldErrorsOf } from '../../lib/problem';

/**
 * The staff form layer: a Mantine form validated by a domain zod schema (the same schema the server
 * validates with), and a submit that puts the server's field errors (the JSON problem's `errors`)
 * on the fields and anything else in one alert above the buttons.
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>>>(
  schema: Schema,
  initialValues: z.input<Schema> & Record<string, unknown>,
): UseFormReturnType<z.input<Schema> & Record<string, unknown>> {
  return useForm<z.input<Schema> & Record<string, unknown>>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
  });
}

/**
 * Sends a form's values; a 4xx problem's field errors go onto the form's fields and the answer is
 * what remains to say to the person (null when every error found its field).
 */
export async function submitWithServerErrors<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  send: (values: Values) => Promise<unknown>,
  values: Values,
): Promise<string | null> {
  try {
    await send(values);
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) return (error as Error).message;
    const fields = fieldErrorsOf(error.problem);
    const known = Object.fromEntries(Object.entries(fields).filter(([path]) => path in flatten(values)));
    form.setErrors(known);
    const unplaced = Object.entries(fields).filter(([path]) => !(path in known));
    if (Object.keys(known).length > 0 && unplaced.length === 0) return null;
    return [error.message, ...unplaced.map(([path, message]) => `${path}: ${message}`)].join(' ');
  }
}

/** Every path of a value, dotted as Mantine names nested fields. */
function flatten(value: unknown, prefix = '', out: Record<string, true> = {}): Record<string, true> {
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      out[path] = true;
      flatten(item, path, out);
    }
  }
  return out;
}

export interface SchemaFormProps<Values extends Record<string, unknown>> {
  form: UseFormReturnType<Values>;
  /** Called with valid values; a thrown ApiError's problem is shown on the fields. */
  onSubmit: (values: Values) => Promise<unknown>;
  submitLabel: string;
  children: ReactNode;
  /** Called after a successful submit. */
  onDone?: () => void;
}

export function SchemaForm<Values extends Record<string, unknown>>({
  form,
  onSubmit,
  submitLabel,
  children,
  onDone,
}: SchemaFormProps<Values>) {
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setFormError(null);
    const message = await submitWithServerErrors(form, onSubmit, values as Values);
    setSubmitting(false);
    setFormError(message);
    if (message === null && Object.keys(form.errors).length === 0) onDone?.();
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {children}
        {formError && (
          <Alert color="red" role="alert" title="Not saved">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
