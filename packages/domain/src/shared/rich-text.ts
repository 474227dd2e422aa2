// A record's bio has one stored format, sanitised HTML (decision 061). Text that arrives plain (an
// imported cell) is converted on the way in by the rule below; the migration bio-html converted the
// rows stored as plain text before by the same rule, written in SQL.

/** Text as HTML text: `&`, `<` and `>` escaped, as the server's sanitiser writes text. */
export function escapeHtmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Plain text as the bio's HTML: line endings made `\n`, text escaped, a paragraph for each run of
 * lines between blank lines (a blank line holds only spaces or tabs), each paragraph trimmed of
 * spaces, tabs and line breaks, and a line break inside a paragraph (with the spaces around it)
 * written `<br />`. Nothing but blank lines is null. The result is a fixed point of the server's
 * sanitiser (platform/rich-text.ts), so cleaning it again changes nothing.
 */
export function plainTextToHtml(text: string): string | null {
  const paragraphs = escapeHtmlText(text.replace(/\r\n?/g, '\n'))
    .split(/\n(?:[ \t]*\n)+/)
    .map((part) => part.replace(/^[ \t\n]+|[ \t\n]+$/g, ''))
    .filter((part) => part !== '')
    .map((part) => `<p>${part.replace(/[ \t]*\n[ \t]*/g, '<br />')}</p>`);
  return paragraphs.length === 0 ? null : paragraphs.join('');
}
