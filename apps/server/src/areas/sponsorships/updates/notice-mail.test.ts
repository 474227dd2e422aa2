import { describe, expect, it } from 'vitest';
import { noticeMail } from './updates.distribution.ts';

const one = [{ name: 'Ana', link: 'http://maple.localhost/sponsored/update/a1' }];
const two = [...one, { name: 'Ben', link: 'http://maple.localhost/sponsored/update/b2' }];

describe('an update notice in the recipient’s language', () => {
  it('keeps the English word for word', () => {
    const mail = noticeMail('Maple Schools Network', 'Sports day', 'Léa', two);
    expect(mail.subject).toBe('Maple Schools Network: Sports day (an update about Ana and Ben)');
    expect(mail.bodyText).toBe(
      'Hello Léa,\n\nMaple Schools Network has posted an update about Ana and Ben, whom you sponsor: "Sports day".\n\n' +
        'Read about Ana: http://maple.localhost/sponsored/update/a1\nRead about Ben: http://maple.localhost/sponsored/update/b2\n\n' +
        'Thank you for your support.\nMaple Schools Network',
    );
    expect(mail.bodyHtml).toContain(
      '<p>Maple Schools Network has posted an update about Ana and Ben, whom you sponsor: <strong>Sports day</strong>.</p>',
    );
    expect(noticeMail('Maple Schools Network', 'Sports day', null, one).bodyText).toMatch(
      /^Hello,\n\n[^]*Read it here: http:\/\/maple\.localhost\/sponsored\/update\/a1\n/,
    );
  });

  it('writes it in Canadian French for a sponsor who chose French', () => {
    const mail = noticeMail('Maple Schools Network', 'Journée sportive', 'Léa', two, 'fr-CA');
    expect(mail.subject).toBe(
      'Maple Schools Network : Journée sportive (une mise à jour concernant Ana et Ben)',
    );
    expect(mail.bodyText).toContain('Bonjour Léa,');
    expect(mail.bodyText).toContain(
      'Maple Schools Network a publié une mise à jour concernant Ana et Ben, que vous parrainez : « Journée sportive ».',
    );
    expect(mail.bodyText).toContain(
      'Lire la mise à jour concernant Ben : http://maple.localhost/sponsored/update/b2',
    );
    expect(mail.bodyText).toContain('Merci de votre soutien.');
    expect(mail.bodyHtml).toContain('>Lire la mise à jour concernant Ana</a>');
    expect(noticeMail('Maple Schools Network', 'Journée sportive', null, one, 'fr-CA').bodyHtml).toContain(
      '>Lire la mise à jour</a>',
    );
  });
});
