import { plainTextToHtml } from '@kinship/domain';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  // An imported bio (decision 061) is already in the sanitiser's own form: cleaning it again, as the
  // editor does when the record is saved, changes nothing.
  it('leaves the HTML of an imported plain-text bio as it is', () => {
    for (const text of [
      'Ana & "Bo" <3 school > home.',
      "It's <b>not</b> markup &amp; stays text",
      'One\ntwo\r\n\r\nthree  \n  four',
      'Zoë, São Tomé, 東京 🎒',
    ]) {
      const html = plainTextToHtml(text)!;
      expect(sanitizeRichText(html), text).toBe(html);
    }
  });
});
