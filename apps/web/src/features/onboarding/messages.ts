import { defineMessages } from 'react-intl';

/** The spec's onboarding texts (domain MESSAGES); onboarding.fr.test.tsx holds the English equal to them. */
export const onboardMessages = defineMessages<{
  invalid: Record<string, never>;
  failed: { error: string };
}>({
  invalid: { id: 'onboard.invalid', defaultMessage: 'Invalid onboarding sequence' },
  failed: { id: 'onboard.failed', defaultMessage: 'Failed onboarding: {error}. Please alert support.' },
});
