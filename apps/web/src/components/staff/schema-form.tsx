import { Alert, Button, Group, Stack, type MantineColor } from '@mantine/core';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useRef, useState, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { z } from 'zod';
import { fieldMessageIn, issueMessageIn } from '../../i18n/field-messages';
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
  const intl = useIntl();
  return useForm<z.input<Schema> & Record<string, unknown>>({
    mode: 'controlled',
    initialValues,
    validate: resolverIn(schema, intl),
    validateInputOnBlur: true,
  });
}

/**
 * Mantine's schema resolver (first error per dotted path), with each message in the page's
 * language: the issue's input is kept so zod's own words can be told from the schema's.
 */
function resolverIn(schema: z.ZodType, intl: IntlShape) {
  return (values: unknown): FormErrors => {
    const parsed = schema.safeParse(values, { reportInput: true });
    if (parsed.success) return {};
    const errors: FormErrors = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      errors[path] ??= issueMessageIn(intl, issue);
    }
    return errors;
  };
}

/**
 * Sends a form's values; a 4xx problem's field errors go onto the form's fields and the answer is
 * what remains to say to the person (null when every error found its field).
 */
export async function submitWithServerErrors<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  send: (values: Values) => Promise<unknown>,
  values: Values,
  say: (message: string) => string = (message) => message,
): Promise<string | null> {
  try {
    await send(values);
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) return (error as Error).message;
    const fields = Object.fromEntries(
      Object.entries(fieldErrorsOf(error.problem)).map(([path, message]) => [path, say(message)]),
    );
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

/** A second submit button: it sets `values` (a draft's `schedule: false`) before validating and sending. */
export interface SchemaFormSecondarySubmit<Values> {
  label: string;
  values: Partial<Values>;
}

export interface SchemaFormProps<Values extends Record<string, unknown>> {
  form: UseFormReturnType<Values>;
  /** Called with valid values; a thrown ApiError's problem is shown on the fields. */
  onSubmit: (values: Values) => Promise<unknown>;
  submitLabel: string;
  children: ReactNode;
  /** Called after a successful submit. */
  onDone?: () => void;
  /** Values the submit button sets before validating (with `secondarySubmit`, what tells them apart). */
  submitValues?: Partial<Values>;
  /** The submit button's colour: red for what cannot be undone (a refund, a revocation). */
  submitColor?: MantineColor;
  /** The submit button is off (a required field still empty). */
  submitDisabled?: boolean;
  /** Another submit button, left of the main one (Save draft beside Send now). */
  secondarySubmit?: SchemaFormSecondarySubmit<Values>;
  /** A button that leaves without sending (a dialog's Cancel), off while the form is sending. */
  onCancel?: () => void;
  cancelLabel?: string;
  /** The title of the alert for what finds no field; null for the message alone. */
  errorTitle?: string | null;
  /** Where the buttons sit: at the end (dialogs, editors) or at the start (a card's form). */
  buttonsAt?: 'start' | 'end';
  /** Shown in the buttons' row, on the other side (a Delete beside Save and Send). */
  aside?: ReactNode;
}

export function SchemaForm<Values extends Record<string, unknown>>({
  form,
  onSubmit,
  submitLabel,
  children,
  onDone,
  submitValues,
  submitColor,
  submitDisabled = false,
  secondarySubmit,
  onCancel,
  cancelLabel,
  errorTitle: errorTitleGiven,
  buttonsAt = 'end',
  aside,
}: SchemaFormProps<Values>) {
  const intl = useIntl();
  const errorTitle =
    errorTitleGiven === undefined
      ? intl.formatMessage({ id: 'staff.form.notSaved', defaultMessage: 'Not saved' })
      : errorTitleGiven;
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState<'main' | 'secondary' | null>(null);
  // Which button sent the form: set on its click, which comes before the form's submit event.
  const pressed = useRef<'main' | 'secondary'>('main');

  const handleSubmit = form.onSubmit(async (values) => {
    setSubmitting(pressed.current);
    setFormError(null);
    const message = await submitWithServerErrors(form, onSubmit, values as Values, (text) =>
      fieldMessageIn(intl, text),
    );
    setSubmitting(null);
    setFormError(message);
    if (message === null && Object.keys(form.errors).length === 0) onDone?.();
  });

  const press = (which: 'main' | 'secondary', values: Partial<Values> | undefined) => {
    pressed.current = which;
    if (values) form.setValues(values);
  };

  const buttons = (
    <Group gap="sm" justify={buttonsAt === 'start' ? 'flex-start' : 'flex-end'}>
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={submitting !== null}>
          {cancelLabel ?? intl.formatMessage({ id: 'staff.confirm.cancel', defaultMessage: 'Cancel' })}
        </Button>
      )}
      {secondarySubmit && (
        <Button
          type="submit"
          variant="default"
          loading={submitting === 'secondary'}
          disabled={submitting === 'main'}
          onClick={() => press('secondary', secondarySubmit.values)}
        >
          {secondarySubmit.label}
        </Button>
      )}
      <Button
        type="submit"
        color={submitColor}
        loading={submitting === 'main'}
        disabled={submitDisabled || submitting === 'secondary'}
        onClick={() => press('main', submitValues)}
      >
        {submitLabel}
      </Button>
    </Group>
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {children}
        {formError && (
          <Alert color="red" role="alert" title={errorTitle ?? undefined}>
            {formError}
          </Alert>
        )}
        {aside ? (
          <Group justify="space-between" wrap="wrap">
            {buttons}
            {aside}
          </Group>
        ) : (
          buttons
        )}
      </Stack>
    </form>
  );
}
