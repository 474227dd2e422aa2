import sanitizeHtml from 'sanitize-html';

/**
 * A program's description as the public Program tab may show it: text formatting, lists, links
 * (http, https, mailto; opened safely) and headings; no scripts, styles, event handlers or frames.
 */
export function sanitizeProgramHtml(html: string | null): string | null {
  if (html === null) return null;
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
