import { defineMessages } from 'react-intl';
import { loose } from '../../i18n/loose-messages';

/**
 * The cart's and the billing page's shared texts. Those whose English is a domain constant
 * (MESSAGES.x) keep it word for word; cart-messages.test.ts holds each pair equal.
 */
export const cartMessages = loose(
  defineMessages({
    empty: { id: 'cart.empty', defaultMessage: 'Your cart is empty' },
    issues: { id: 'cart.issues', defaultMessage: 'There are issues with your cart.' },
    invalidItem: {
      id: 'cart.invalidItem',
      defaultMessage:
        'Invalid cart item. Please remove this item from your cart and attempt to re-add. This may happen when another donor has sponsored this item in the time since it was added to your cart',
    },
    alreadySponsor: {
      id: 'cart.alreadySponsor',
      defaultMessage: 'You already sponsor {name}. You can manage it from your profile.',
    },
    loginRequired: { id: 'cart.loginRequired', defaultMessage: 'Please register or sign in to check out.' },
    thankYou: { id: 'cart.thankYou', defaultMessage: 'Thank you for your sponsorship!' },
    checkoutError: { id: 'cart.checkoutError', defaultMessage: 'Error: {message}.' },
    billingErrorTitle: { id: 'cart.billing.errorTitle', defaultMessage: 'Error completing transaction!' },
    billingErrorBody: {
      id: 'cart.billing.errorBody',
      defaultMessage: '{error} Please wait a few minutes and try again, or use another payment method.',
    },
    perMonth: { id: 'cart.amountPerMonth', defaultMessage: '{amount} per month' },
    perYear: { id: 'cart.amountPerYear', defaultMessage: '{amount} per year' },
    profileFallback: { id: 'cart.profileFallback', defaultMessage: 'Profile {id}' },
    completeProfile: {
      id: 'cart.completeProfile',
      defaultMessage: 'Please complete your profile before making a payment.',
    },
    seeSponsorships: { id: 'cart.seeSponsorships', defaultMessage: 'See your sponsorships' },
    viewReceipt: { id: 'cart.viewReceipt', defaultMessage: 'View your receipt' },
    paymentMethod: { id: 'cart.paymentMethod', defaultMessage: 'Payment method' },
    firstNameRequired: { id: 'cart.payer.firstNameRequired', defaultMessage: 'Enter your first name' },
    lastNameRequired: { id: 'cart.payer.lastNameRequired', defaultMessage: 'Enter your last name' },
  }),
);

/** "{amount} per month" or "per year", by the payment interval. */
export const perIntervalMessages = { month: cartMessages.perMonth, year: cartMessages.perYear } as const;
