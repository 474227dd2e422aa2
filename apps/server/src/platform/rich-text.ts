import sanitizeHtml from 'sanitize-html';

/**
 * Staff-written HTML (a record's bio, a program's description) as the public site may show it: text
 * formatting, lists, links (http, https, mailto; opened safely) and headings; no scripts (dropped
 * with their text), styles, event handlers or frames. Empty after cleaning is null.
 */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'ul',
      'ol',
      'li',
      'a',
      'h2',
      'h3',
      'h4',
      'blockquote',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  }).trim();
  return clean === '' ? null : clean;
}
