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

describe('sanitizeRichText of what it wrote', () => {
  // The export's Bio (HTML) column is read back through this same cleaning (decision 067): a bio
  // the editor stored must come back exactly, whatever the editor was sent.
  it('changes nothing the second time, so a stored bio re-imports unchanged', () => {
    for (const sent of [
      '<p>Loves <strong>football</strong> &amp; <em>maths</em><br>and "drawing"</p><p>Next</p>',
      '<p><a href="https://example.org/a?b=1&c=2" target="_blank">link</a> <a href="mailto:x@example.org">mail</a></p>',
      '<h2>Title</h2><ul><li>one</li><li><b>two</b></li></ul><ol><li>x</li></ol><blockquote>q</blockquote>',
      '<p>Unclosed <strong>bold<p>and a second paragraph</p>',
      '<p onclick="x()" style="color:red">styled</p><script>alert(1)</script><iframe src="x"></iframe>',
      '<p>&nbsp;spaced&nbsp;</p><p>Zoë &lt;3 東京 🎒</p>',
      '<a href="javascript:alert(1)">bad</a><u>u</u><s>s</s><i>i</i>',
      'plain text, no tags & an ampersand',
    ]) {
      const stored = sanitizeRichText(sent);
      expect(sanitizeRichText(stored), sent).toBe(stored);
    }
  });
});
