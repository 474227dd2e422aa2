import type { LetterFlagRow } from '@kinship/domain';
import { VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { flagKindMessages, labelOf } from '../messages';

/** One open flag found in the text, numbered as the list of flags numbers it. */
export interface NumberedFlag {
  flag: LetterFlagRow;
  number: number;
}

/**
 * A letter's text with each open flag's span marked in place and followed by its number in the
 * list of flags. Spans are offsets into `body`; one that overlaps an earlier mark starts where that
 * mark ends, and one outside the text is left out, so the text itself is always shown whole.
 */
export function LetterBody({
  body,
  flags,
  language,
}: {
  body: string;
  flags: readonly NumberedFlag[];
  language: string;
}) {
  const intl = useIntl();
  const spans = flags
    .filter(({ flag }) => flag.start < flag.end && flag.start < body.length)
    .sort((a, b) => a.flag.start - b.flag.start || a.flag.end - b.flag.end);
  const parts: ReactNode[] = [];
  let cursor = 0;
  for (const { flag, number } of spans) {
    const start = Math.max(flag.start, cursor);
    const end = Math.min(flag.end, body.length);
    if (end <= start) continue;
    if (start > cursor) parts.push(body.slice(cursor, start));
    const kind = labelOf(intl, flagKindMessages, flag.kind);
    parts.push(
      <mark
        key={flag.id}
        data-flag={flag.id}
        style={{
          backgroundColor: 'var(--mantine-color-red-1)',
          color: 'inherit',
          outline: '1px solid var(--mantine-color-red-6)',
          borderRadius: 2,
        }}
      >
        <VisuallyHidden>
          {intl.formatMessage(
            { id: 'staff.letters.body.flagStart', defaultMessage: 'Flag {number}, {kind}:' },
            { number, kind },
          )}{' '}
        </VisuallyHidden>
        {body.slice(start, end)}
        <sup aria-hidden>{number}</sup>
      </mark>,
    );
    cursor = end;
  }
  if (cursor < body.length) parts.push(body.slice(cursor));
  return (
    <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.6 }} lang={language}>
      {parts}
    </div>
  );
}
