import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../test/pdf-text.ts';
import { renderStatementPdf } from './receipt-pdf.ts';

describe('the giving statement PDF', () => {
  it('keeps every receipt code on one line, however wide its letters', async () => {
    // base64url's widest letters, at the length of a real code (15 random bytes).
    const codes = ['WWWWWWWWWWWWWWWWWWWW', 'MmWMmWMmWMmWMmWMmWMm', 'UOYKEZLwMWAYCDkxCuCv'];
    const pdf = await renderStatementPdf({
      partnerName: 'Bright Futures Demo',
      logo: null,
      brandColor: '#0b7285',
      year: 2026,
      donorName: 'Dana Donor',
      donorEmail: 'dana@example.org',
      rows: codes.map((code) => ({
        date: '11/23/2026',
        description: 'Monthly sponsorship of a student with a rather long name',
        code,
        amount: '$50.00',
      })),
      total: '$150.00',
      taxNotice: null,
      supportEmail: null,
      issuedOn: '11/23/2026',
    });
    const lines = pdfText(pdf).split('\n');
    for (const code of codes) expect(lines).toContain(code);
  });
});
