// Request validation with zod (fastify-type-provider-zod's compiler, plus the issue's input) and its
// messages in the request's language (issue 23). The library's compiler drops each issue's input,
// without which zod's own message cannot be told from a schema's custom one; this one keeps it, so
// the error handler can say zod's standard messages in French and leave a schema's own words be.

import { defineMessages } from '@formatjs/intl';
import { zodMessageIn, type Locale } from '@kinship/domain';
import type { FastifySchemaCompiler } from 'fastify';
import { safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core';
import { sayIn } from './messages.ts';

/** fastify-type-provider-zod's mark of its validation errors (`hasZodFastifySchemaValidationErrors`). */
const VALIDATION_MARK = Symbol.for('ZodFastifySchemaValidationError');

/** A validation entry as Fastify keeps it, with the zod issue whole (input included) in `params`. */
export interface ValidationEntry {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  message: string;
  params: { issue?: $ZodIssue };
}

export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { reportInput: true });
    if (!result.error) return { value: result.data };
    const error = result.error.issues.map((issue) => ({
      [VALIDATION_MARK]: true,
      keyword: issue.code,
      instancePath: `/${issue.path.join('/')}`,
      schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
      message: issue.message,
      params: { issue },
    }));
    // Fastify's type wants its own error shape; the entries are the library's, with the issue kept.
    return { error: error as never };
  };

/**
 * A zod issue's message in `locale`: zod's standard English becomes zod's own translation (domain
 * `zodMessageIn`); a schema's own words stay as written.
 */
export function issueMessageIn(locale: Locale, issue: $ZodIssue): string {
  return zodMessageIn(locale, issue) ?? issue.message;
}

const validationMessages = defineMessages({
  invalidRequest: {
    id: 'error.validation.invalidRequest',
    defaultMessage:
      '{context, select, body {Invalid body} querystring {Invalid querystring} params {Invalid params} headers {Invalid headers} other {Invalid request}}: {detail}',
  },
  invalidFields: { id: 'error.validation.invalidFields', defaultMessage: 'Some fields are not valid.' },
  invalidRows: { id: 'error.validation.invalidRows', defaultMessage: 'Some rows could not be imported.' },
});

/** The plain-text answer to a request that failed validation: `Invalid body: name: …; …`. */
export function invalidRequestText(locale: Locale, context: string | undefined, detail: string): string {
  if (locale === 'en-US') return `Invalid ${context ?? 'request'}: ${detail}`;
  return sayIn(locale)(validationMessages.invalidRequest, { context: context ?? 'request', detail });
}

/** A problem's title in `locale`, when it is one of the platform's standard titles. */
export function problemTitleIn(locale: Locale, title: string): string {
  if (locale === 'en-US') return title;
  for (const descriptor of [validationMessages.invalidFields, validationMessages.invalidRows]) {
    if (descriptor.defaultMessage === title) return sayIn(locale)(descriptor);
  }
  return title;
}
