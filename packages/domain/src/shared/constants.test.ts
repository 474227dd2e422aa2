import { describe, it, expect } from 'vitest';
import {
  BILLING_DEFAULT_BOOST,
  BOOST_OPTIONS,
  CHECKOUT_DEFAULT_BOOST,
  DEFAULT_SLOT_NAME,
  DONATION,
  IMAGE_VIEWER_MAX_HEIGHT,
  LABELS,
  MESSAGES,
  MONTHS_PER_YEAR,
  PAGE_SIZE,
} from './constants.ts';

describe('business constants', () => {
  it('page listings by 25', () => {
    expect(PAGE_SIZE).toBe(25);
  });

  it('offer boosts of 0, 3, 5 and 10 percent, defaulting to 5 at checkout and 3 on billing', () => {
    expect(BOOST_OPTIONS).toEqual([0, 3, 5, 10]);
    expect(CHECKOUT_DEFAULT_BOOST).toBe(5);
    expect(BILLING_DEFAULT_BOOST).toBe(3);
  });

  it('limit donations to minimum 1, step 0.01, default 10, comment 500 and quick amounts 10 to 100', () => {
    expect(DONATION).toEqual({
      min: 1,
      step: 0.01,
      default: 10,
      commentMax: 500,
      quickAmounts: [10, 25, 50, 75, 100],
    });
  });

  it('cap the image viewer at 750px, name slots Slot and count 12 months a year', () => {
    expect(IMAGE_VIEWER_MAX_HEIGHT).toBe(750);
    expect(DEFAULT_SLOT_NAME).toBe('Slot');
    expect(MONTHS_PER_YEAR).toBe(12);
  });
});

describe('messages', () => {
  it('quote the listing, empty-state and cart texts verbatim', () => {
    expect(MESSAGES.listingEmpty).toBe('No results. Please change your filters or check back later!');
    expect(MESSAGES.listingLoading).toBe('Loading Profiles');
    expect(MESSAGES.noUpdates).toBe('No updates yet. Check back later!');
    expect(MESSAGES.cartEmpty).toBe('Your cart is empty');
    expect(MESSAGES.cartIssues).toBe('There are issues with your cart.');
    expect(MESSAGES.invalidCartItem).toBe(
      'Invalid cart item. Please remove this item from your cart and attempt to re-add. This may happen when another donor has sponsored this item in the time since it was added to your cart',
    );
  });

  it('quote the payment texts verbatim', () => {
    expect(MESSAGES.notConfiguredForPayments).toBe('Partner is not configured to take payments.');
    expect(MESSAGES.stripeNotLoaded).toBe('stripe not loaded');
    expect(MESSAGES.cardElementMissing).toBe('Could not find card element');
    expect(MESSAGES.donationErrorTitle).toBe('Error submitting donation!');
    expect(MESSAGES.donationErrorBody).toBe('Payment failed. Please check your information and try again.');
    expect(MESSAGES.billingErrorTitle).toBe('Error completing transaction!');
    expect(MESSAGES.checkoutError('card declined')).toBe('Error: card declined.');
  });

  it('advise to wait and retry or use another payment method after a billing failure', () => {
    expect(MESSAGES.billingErrorBody('Your card was declined.')).toBe(
      'Your card was declined. Please wait a few minutes and try again, or use another payment method.',
    );
  });

  it('quote the onboarding texts verbatim', () => {
    expect(MESSAGES.invalidOnboarding).toBe('Invalid onboarding sequence');
    expect(MESSAGES.failedOnboarding('bad code')).toBe('Failed onboarding: bad code. Please alert support.');
  });

  it('quote the model and data errors verbatim', () => {
    expect(MESSAGES.entityNotInPartner(42)).toBe('Entity ID 42 does not exist for current context partner');
    expect(MESSAGES.planNotDefined).toBe('Current Sponsored Plan not defined');
    expect(MESSAGES.couldNotCreateSummary).toBe('Could not create sponsored summary');
    expect(MESSAGES.couldNotCreatePitch).toBe('Could not create sponsored pitch');
    expect(MESSAGES.filterOptionsMissing(7)).toBe('Filter options do not exist for 7');
    expect(MESSAGES.missingGrade).toBe('Whoops, missing grade!');
  });

  it('quote the user, API and profile texts verbatim', () => {
    expect(MESSAGES.couldNotLoadUser).toBe('Could not load user');
    expect(MESSAGES.apiError).toBe('API Error');
    expect(MESSAGES.invalidPhone('too short')).toBe('Invalid Phone Number: too short');
    expect(MESSAGES.noDescription).toBe('No description.');
    expect(MESSAGES.sponsored).toBe('Sponsored!');
  });

  it('tell non-sponsors that masking protects identity and safety and that sponsoring unlocks', () => {
    expect(MESSAGES.maskedLock).toContain('protect identity and safety');
    expect(MESSAGES.maskedLock).toContain('Sponsor to unlock');
    expect(MESSAGES.maskedAdmin).toContain('partner administrator');
    expect(MESSAGES.maskedSponsor).toContain('you are a sponsor');
  });

  it('ask for support on new-user problems', () => {
    expect(MESSAGES.newUserNoEmail).toBe('Your account has no email address. Please contact support.');
    expect(MESSAGES.newUserSaveFailed('timeout')).toBe(
      'Could not save your information: timeout. Please send this error to support.',
    );
  });
});

describe('labels', () => {
  it('name the navigation and tabs as the spec', () => {
    expect(LABELS.signUp).toBe('Sign up!');
    expect(LABELS.myProfile).toBe('My Profile');
    expect(LABELS.giftSponsorship).toBe('Gift a Sponsorship');
    expect(LABELS.generalGiving).toBe('General Giving');
    expect(LABELS.tabSponsorUpdates).toBe('Sponsor Updates');
    expect(LABELS.tabProgram).toBe('Program');
    expect(LABELS.existingMethod).toBe('Existing Method');
    expect(LABELS.payNow).toBe('Pay Now');
  });
});
