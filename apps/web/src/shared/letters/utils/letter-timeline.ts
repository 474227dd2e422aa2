import type { LetterStatus, SponsorLetter } from '@kinship/domain';

/** A sponsor letter's way, as its writer follows it (being reviewed is part of "sent for review"). */
export const SPONSOR_LETTER_PATH = [
  'draft',
  'submitted',
  'approved',
  'printed',
  'sent_to_program',
  'delivered',
] as const satisfies readonly LetterStatus[];

export interface TimelineItem {
  status: LetterStatus;
  /** When the letter reached it; null for the steps still ahead. */
  at: string | null;
}

/** When the letter last reached `status`, from its history. */
export function stepDate(letter: Pick<SponsorLetter, 'steps'>, status: LetterStatus): string | null {
  const steps = letter.steps.filter((s) => s.status === status);
  return steps.length > 0 ? steps[steps.length - 1]!.at : null;
}

/**
 * The steps of a sponsor's own letter: those it went through with their dates (written is its
 * creation when the history has no draft step; a step the team skipped is left out), then, unless
 * it was rejected, those still ahead without a date. A rejected letter ends with its rejection.
 */
export function sponsorLetterTimeline(letter: Pick<SponsorLetter, 'status' | 'steps' | 'createdAt'>): {
  items: TimelineItem[];
  /** The index of the step the letter is at. */ reached: number;
} {
  const current = letter.status === 'in_review' || letter.status === 'rejected' ? 'submitted' : letter.status;
  const currentIndex = SPONSOR_LETTER_PATH.indexOf(current as (typeof SPONSOR_LETTER_PATH)[number]);
  const items: TimelineItem[] = [];
  let reached = -1;
  SPONSOR_LETTER_PATH.forEach((status, index) => {
    const at =
      status === 'draft' ? (stepDate(letter, 'draft') ?? letter.createdAt) : stepDate(letter, status);
    if (index <= currentIndex) {
      if (at !== null || index === currentIndex) reached = items.push({ status, at }) - 1;
    } else if (letter.status !== 'rejected') {
      items.push({ status, at: null });
    }
  });
  if (letter.status === 'rejected')
    reached = items.push({ status: 'rejected', at: stepDate(letter, 'rejected') }) - 1;
  return { items, reached };
}
