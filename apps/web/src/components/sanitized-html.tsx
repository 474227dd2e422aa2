import { Typography, type BoxProps } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

let hooked = false;

/** Sanitizes HTML from the API: no scripts, handlers or frames; links to other sites open safely. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (
        node.tagName === 'A' &&
        node.getAttribute('href') &&
        /^https?:/i.test(node.getAttribute('href') ?? '')
      ) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html ?? '', { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
}

/** Renders HTML that came from the API, always sanitized (DOMPurify). */
export function SanitizedHtml({ html, ...boxProps }: { html: string | null | undefined } & BoxProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Typography {...boxProps} dangerouslySetInnerHTML={{ __html: clean }} />;
}
