/**
 * How long the next step usually takes, as a person says it: under two weeks in days ("within 5
 * days"), else in weeks rounded up ("within 3 weeks" for 15 to 21 days). Never "within 0 days".
 */
export function typicalTime(days: number): { unit: 'days' | 'weeks'; count: number } {
  if (days < 14) return { unit: 'days', count: Math.max(1, Math.ceil(days)) };
  return { unit: 'weeks', count: Math.ceil(days / 7) };
}
