import { describe, expect, it } from 'vitest';
import { dashboardUrl, ONBOARDING_MESSAGES, onboardUrlResponseSchema } from './onboarding.ts';

describe('onboarding', () => {
  it('lands on the partner site dashboard', () => {
    expect(dashboardUrl('https://demo.example.org')).toBe('https://demo.example.org/dashboard');
    expect(dashboardUrl('http://demo.localhost:3000/')).toBe('http://demo.localhost:3000/dashboard');
  });

  it('answers the authorization page as { url }', () => {
    expect(onboardUrlResponseSchema.parse({ url: 'https://connect.stripe.com/oauth/authorize?x=1' })).toEqual(
      {
        url: 'https://connect.stripe.com/oauth/authorize?x=1',
      },
    );
    expect(() => onboardUrlResponseSchema.parse({})).toThrow();
  });

  it('words the invalid state', () => {
    expect(ONBOARDING_MESSAGES.invalidState).toBe('Invalid onboarding state.');
  });
});
