import { describe, expect, it } from 'vitest';
import { sponsorLetterTimeline } from './letter-timeline';
import { typicalTime } from './typical-time';

describe('typicalTime', () => {
  it('says under two weeks in days and longer in weeks rounded up', () => {
    expect(typicalTime(0)).toEqual({ unit: 'days', count: 1 });
    expect(typicalTime(1)).toEqual({ unit: 'days', count: 1 });
    expect(typicalTime(13)).toEqual({ unit: 'days', count: 13 });
    expect(typicalTime(14)).toEqual({ unit: 'weeks', count: 2 });
    expect(typicalTime(15)).toEqual({ unit: 'weeks', count: 3 });
    expect(typicalTime(21)).toEqual({ unit: 'weeks', count: 3 });
    expect(typicalTime(22)).toEqual({ unit: 'weeks', count: 4 });
  });
});

describe('sponsorLetterTimeline', () => {
  const at = (day: number) => `2026-10-${String(day).padStart(2, '0')}T10:00:00.000Z`;

  it('dates the steps passed, leaves the ones ahead undated and marks where the letter is', () => {
    const { items, reached } = sponsorLetterTimeline({
      status: 'in_review',
      createdAt: at(1),
      steps: [
        { status: 'submitted', at: at(2), by: null },
        { status: 'in_review', at: at(3), by: null },
      ],
    });
    expect(items).toEqual([
      { status: 'draft', at: at(1) },
      { status: 'submitted', at: at(2) },
      { status: 'approved', at: null },
      { status: 'printed', at: null },
      { status: 'sent_to_program', at: null },
      { status: 'delivered', at: null },
    ]);
    expect(reached).toBe(1);
  });

  it('leaves out a step the team skipped', () => {
    const { items, reached } = sponsorLetterTimeline({
      status: 'delivered',
      createdAt: at(1),
      steps: [
        { status: 'draft', at: at(1), by: null },
        { status: 'submitted', at: at(4), by: null },
        { status: 'approved', at: at(5), by: null },
        { status: 'delivered', at: at(20), by: null },
      ],
    });
    expect(items.map((i) => i.status)).toEqual(['draft', 'submitted', 'approved', 'delivered']);
    expect(reached).toBe(3);
  });

  it('ends a rejected letter with its rejection, nothing ahead', () => {
    const { items, reached } = sponsorLetterTimeline({
      status: 'rejected',
      createdAt: at(1),
      steps: [
        { status: 'submitted', at: at(1), by: null },
        { status: 'rejected', at: at(2), by: null },
      ],
    });
    expect(items).toEqual([
      { status: 'draft', at: at(1) },
      { status: 'submitted', at: at(1) },
      { status: 'rejected', at: at(2) },
    ]);
    expect(reached).toBe(2);
  });
});
