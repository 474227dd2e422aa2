import { describe, expect, it } from 'vitest';
import { htmlToParagraphs, paragraphsToHtml, updatePostInputSchema } from './updates.ts';

describe('update message paragraphs', () => {
  it('turns blank-line paragraphs, line breaks, bold and italic into HTML, escaping the rest', () => {
    expect(paragraphsToHtml('Hello **all**,\nwe *met*.\n\n<script>x</script>')).toBe(
      '<p>Hello <strong>all</strong>,<br>we <em>met</em>.</p><p>&lt;script&gt;x&lt;/script&gt;</p>',
    );
  });

  it('reads the HTML back as the text it came from', () => {
    const text = 'Hello **all**,\nwe *met* & ate.\n\nSecond paragraph.';
    expect(htmlToParagraphs(paragraphsToHtml(text))).toBe(text);
  });
});

describe('updatePostInputSchema', () => {
  it('refuses an empty selection of records and a blank title', () => {
    const result = updatePostInputSchema.safeParse({
      title: '  ',
      updateMessage: '',
      audience: { kind: 'records', sponsoredsIds: [] },
      schedule: false,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['title', 'Required.'],
      ['audience.sponsoredsIds', 'Choose at least one record.'],
    ]);
  });
});
