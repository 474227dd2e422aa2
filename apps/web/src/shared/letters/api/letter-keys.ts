/** The letters' cache keys: one root, so a letter written, saved or deleted refreshes every list. */
export const letterKeys = {
  all: ['letters'] as const,
  user: (usersId: number) => ['letters', 'user', usersId] as const,
  record: (sponsoredsId: number) => ['letters', 'record', sponsoredsId] as const,
};
