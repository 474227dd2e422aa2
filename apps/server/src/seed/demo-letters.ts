import { sql } from 'drizzle-orm';
import { screenLetter, type LetterDirection, type LetterStatus } from '@kinship/domain';
import type { Tx } from '../db/client.ts';

/*
 * The demo partner's letters (issue 24): letters in every state both ways, some flagged by the
 * pre-screen (one flag accepted with a reason, one open), one assigned to the Messages person, a
 * rejected one with its reason, a draft, and months of delivered letters from other sponsors so
 * the partner's history says how long each step usually takes.
 */

export const DEMO_LETTER_GUIDELINES = `Write as you would to a young friend: about your days, your family, the seasons where you live, what you enjoy.
Please do not share addresses, phone numbers, email or social media, and do not promise gifts or money: letters with contact details are held back.
Our team reads every letter before it is passed on, and letters are translated when needed. Letters usually arrive within three to five weeks.`;

export const DEMO_LETTER_WORDS = ['visit you', 'secret', 'meet you'];

const DAY = 24 * 60 * 60 * 1000;

interface DemoLetter {
  sponsorship: { id: number; usersId: number; sponsoredsId: number };
  direction: LetterDirection;
  body: string;
  /** The states it went through, each with how many days ago. */
  steps: Array<[LetterStatus, number]>;
  rejectionReason?: string;
  assigneeUsersId?: number | null;
  /** Accept this flag kind with a reason. */
  accept?: { kind: string; reason: string };
  replyToId?: number | null;
  byUsersId?: number | null;
}

async function insertDemoLetter(tx: Tx, partnersId: number, letter: DemoLetter): Promise<number> {
  const status = letter.steps.at(-1)![0];
  const at = (days: number) => new Date(Date.now() - days * DAY).toISOString();
  const submitted = letter.steps.find(([s]) => s === 'submitted');
  const flags = screenLetter(letter.body, { words: DEMO_LETTER_WORDS, defaultCountry: 'US' });
  const open = flags.filter((f) => f.kind !== letter.accept?.kind);
  const [row] = (
    (await tx.execute(sql`
      INSERT INTO messages (partners_id, user_sponsoreds_id, sponsoreds_id, users_id, direction, status, body,
        language, rejection_reason, assignee_users_id, open_flags, flag_kinds, reply_to_id, written_by_users_id,
        submitted_at, created_at, updated_at)
      VALUES (${partnersId}, ${letter.sponsorship.id}, ${letter.sponsorship.sponsoredsId}, ${letter.sponsorship.usersId},
        ${letter.direction}, ${status}, ${letter.body}, 'en-US', ${letter.rejectionReason ?? null},
        ${letter.assigneeUsersId ?? null}, ${open.length},
        ${`{${[...new Set(open.map((f) => f.kind))].sort().join(',')}}`}::text[], ${letter.replyToId ?? null},
        ${letter.direction === 'to_sponsored' ? letter.sponsorship.usersId : (letter.byUsersId ?? null)},
        ${submitted ? at(submitted[1]) : null}::timestamptz, ${at(letter.steps[0]![1])}::timestamptz,
        ${at(letter.steps.at(-1)![1])}::timestamptz)
      RETURNING id`)) as unknown as { rows: { id: number }[] }
  ).rows;
  const id = row!.id;
  for (const [state, days] of letter.steps) {
    const by =
      letter.direction === 'to_sponsored' && (state === 'draft' || state === 'submitted')
        ? null
        : letter.byUsersId;
    await tx.execute(
      sql`INSERT INTO message_steps (messages_id, status, by_users_id, at) VALUES (${id}, ${state}, ${by ?? null}, ${at(days)}::timestamptz)`,
    );
  }
  for (const f of flags) {
    const accepted = f.kind === letter.accept?.kind;
    await tx.execute(sql`
      INSERT INTO message_flags (messages_id, kind, source, start, "end", text, status, reason, decided_by_users_id, decided_at)
      VALUES (${id}, ${f.kind}, 'text', ${f.start}, ${f.end}, ${f.text}, ${accepted ? 'accepted' : 'open'},
        ${accepted ? letter.accept!.reason : null}, ${accepted ? (letter.byUsersId ?? null) : null},
        ${accepted ? new Date().toISOString() : null}::timestamptz)`);
  }
  return id;
}

type Sponsorship = { id: number; usersId: number; sponsoredsId: number };

async function sponsorshipsOf(tx: Tx, partnersId: number, email: string | null, limit: number) {
  const result = (await tx.execute(sql`
    SELECT us.id, us.users_id AS "usersId", us.sponsoreds_id AS "sponsoredsId"
    FROM user_sponsoreds us JOIN users u ON u.id = us.users_id
    WHERE us.partners_id = ${partnersId} AND us.date_ended IS NULL
      AND ${email === null ? sql`u.email LIKE '%@donors.example'` : sql`u.email = ${email}`}
    ORDER BY us.id LIMIT ${limit}`)) as unknown as { rows: Sponsorship[] };
  return result.rows;
}

/** Letters both ways on the demo partner (feature 4 is on there). */
export async function seedDemoLetters(
  tx: Tx,
  partnersId: number,
  ids: { maskedOfSponsor: number; teacherOfSponsor: number; moderatorId: number; adminId: number },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO letter_settings (partners_id, guidelines, words)
    VALUES (${partnersId}, ${DEMO_LETTER_GUIDELINES}, ${`{${DEMO_LETTER_WORDS.map((w) => `"${w}"`).join(',')}}`}::text[])`);
  const mine = await sponsorshipsOf(tx, partnersId, 'sponsor@demo.example.org', 10);
  const toStudent = mine.find((s) => s.sponsoredsId === ids.maskedOfSponsor)!;
  const toTeacher = mine.find((s) => s.sponsoredsId === ids.teacherOfSponsor)!;
  const mod = ids.moderatorId;
  const sponsorLetter = (body: string, steps: DemoLetter['steps'], extra: Partial<DemoLetter> = {}) =>
    insertDemoLetter(tx, partnersId, {
      sponsorship: toStudent,
      direction: 'to_sponsored',
      body,
      steps,
      byUsersId: mod,
      ...extra,
    });

  // The demo sponsor's letters to the student, one in each state.
  const first = await sponsorLetter(
    'Dear friend, hello from Texas! It has been very hot here this summer, so we spend the evenings on the porch watching the fireflies. My daughter Lily is 8 and loves drawing horses. What do you like to do after school? Your friend, Sam',
    [
      ['draft', 62],
      ['submitted', 62],
      ['in_review', 61],
      ['approved', 61],
      ['printed', 58],
      ['sent_to_program', 56],
      ['delivered', 38],
    ],
  );
  await insertDemoLetter(tx, partnersId, {
    sponsorship: toStudent,
    direction: 'to_sponsor',
    body: 'Dear Sam, thank you for your letter. I like football and reading stories. At school we are learning about the planets and my favourite is Saturn because of its rings. I would like to see a firefly one day. Please greet Lily. Your friend',
    steps: [
      ['submitted', 30],
      ['in_review', 29],
      ['approved', 29],
      ['delivered', 29],
    ],
    replyToId: first,
    byUsersId: mod,
  });
  await sponsorLetter(
    'Happy new school year! I hope your new teacher is kind and that you enjoy learning about the planets. We saw Saturn through a telescope at the science museum last weekend.',
    [
      ['draft', 20],
      ['submitted', 20],
      ['approved', 19],
      ['printed', 15],
      ['sent_to_program', 12],
    ],
  );
  await sponsorLetter(
    'We had our first snow today and Lily built a snowman with a carrot nose. Do you have seasons where you live?',
    [
      ['draft', 6],
      ['submitted', 6],
      ['approved', 5],
      ['printed', 3],
    ],
  );
  await sponsorLetter('Good luck with your exams next week. We are thinking of you!', [
    ['draft', 2],
    ['submitted', 2],
    ['approved', 1],
  ]);
  // Flagged: an email address still open, a phone number accepted (the program office's own line).
  await sponsorLetter(
    'Hello again! If you ever want to write more often, my email is sam.rivera@example.com, or your teacher can call the office on +1 512 555 0144. Take care!',
    [
      ['draft', 1],
      ['submitted', 1],
      ['in_review', 0],
    ],
    { assigneeUsersId: mod, accept: { kind: 'phone', reason: 'This is the program office’s own number.' } },
  );
  await sponsorLetter('I am so proud of you for finishing the reading challenge. Keep going!', [
    ['draft', 0],
    ['submitted', 0],
  ]);
  await sponsorLetter(
    'I would love to visit you one day and bring presents for the whole family.',
    [
      ['draft', 9],
      ['submitted', 9],
      ['in_review', 8],
      ['rejected', 8],
    ],
    {
      rejectionReason:
        'Please leave out plans to visit or bring presents: visits are arranged through our office.',
    },
  );
  await sponsorLetter('Dear friend, I started this letter on the train and will finish it tonight…', [
    ['draft', 0],
  ]);

  // The teacher: a delivered letter and a reply waiting for review, asking for money (flagged).
  const toTeacherLetter = await insertDemoLetter(tx, partnersId, {
    sponsorship: toTeacher,
    direction: 'to_sponsored',
    body: 'Dear teacher, thank you for all you do for the children. How many pupils are in your class this year?',
    steps: [
      ['draft', 45],
      ['submitted', 45],
      ['approved', 44],
      ['printed', 40],
      ['sent_to_program', 38],
      ['delivered', 20],
    ],
    byUsersId: mod,
  });
  await insertDemoLetter(tx, partnersId, {
    sponsorship: toTeacher,
    direction: 'to_sponsor',
    body: 'Thank you for your kind words. We are 38 pupils this year. Could you send money for new books for the class library?',
    steps: [['submitted', 2]],
    replyToId: toTeacherLetter,
    byUsersId: ids.adminId,
  });

  // Other sponsors: delivered letters over the last months (the partner's history) and a few waiting.
  const others = await sponsorshipsOf(tx, partnersId, null, 24);
  const notes = [
    'Hello from Ohio! We went apple picking this weekend.',
    'I hope you and your family are well. Our dog had puppies!',
    'Congratulations on your good marks this term.',
    'We are learning to bake bread at home. What is your favourite food?',
  ];
  for (const [i, s] of others.entries()) {
    const start = 40 + (i % 6) * 20;
    const waiting = i % 8 === 7;
    await insertDemoLetter(tx, partnersId, {
      sponsorship: s,
      direction: 'to_sponsored',
      body: notes[i % notes.length]!,
      steps: waiting
        ? [
            ['draft', 1],
            ['submitted', 1],
          ]
        : [
            ['draft', start],
            ['submitted', start],
            ['approved', start - 1 - (i % 3)],
            ['printed', start - 5],
            ['sent_to_program', start - 7],
            ['delivered', start - 7 - 14 - (i % 9)],
          ],
      byUsersId: mod,
    });
  }
}
