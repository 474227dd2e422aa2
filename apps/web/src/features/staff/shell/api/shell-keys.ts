/** The dashboard shell's query keys: the partner switcher's list and the setup checklist. */
export const shellKeys = {
  staffedPartners: () => ['dashboard', 'partners'] as const,
  setupChecklist: () => ['dashboard', 'setup'] as const,
};
