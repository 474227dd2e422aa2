// Business constants, limits and user-visible texts (spec sections 2, 4, 5, 8 and 9).

/** Listing page size. Pages are numbered from 0 internally and shown 1-based. */
export const PAGE_SIZE = 25;

/** Boost options in percent. */
export const BOOST_OPTIONS: readonly number[] = [0, 3, 5, 10];
export const CHECKOUT_DEFAULT_BOOST = 5;
export const BILLING_DEFAULT_BOOST = 3;

/** One-off donation form limits, in dollars. */
export const DONATION = {
  min: 1,
  step: 0.01,
  default: 10,
  commentMax: 500,
  quickAmounts: [10, 25, 50, 75, 100],
} as const;

/** Image viewer maximum height in pixels. */
export const IMAGE_VIEWER_MAX_HEIGHT = 750;

/** Slot name used when a partner sponsored type has no customSlotName. */
export const DEFAULT_SLOT_NAME = 'Slot';

export const MONTHS_PER_YEAR = 12;

/** Default label of the Program tab and the program filter. */
export const DEFAULT_PROGRAM_LABEL = 'Program';

/** Default label of the sponsor button. */
export const DEFAULT_SPONSOR_BUTTON_LABEL = 'Sponsor';

/** Client timing limits (spec 9). */
export const LOGIN_POPUP_TIMEOUT_SECONDS = 60;
export const REQUEST_TIMEOUT_SECONDS = 10;
export const REQUEST_RETRIES = 3;
export const LAZY_CHUNK_TIMEOUT_SECONDS = 120;

/** Name of a downloaded PDF response. */
export const PDF_DOWNLOAD_FILE_NAME = 'message.pdf';

/** Response header carrying the total of a paged call. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/**
 * Messages and notices. Texts quoted by the spec are verbatim; texts the spec
 * only describes (masked notices, billing advice, support alerts) are worded here.
 */
export const MESSAGES = {
  // Listing
  listingEmpty: 'No results. Please change your filters or check back later!',
  listingLoading: 'Loading Profiles',
  // Empty states
  noUpdates: 'No updates yet. Check back later!',
  cartEmpty: 'Your cart is empty',
  // Cart
  cartIssues: 'There are issues with your cart.',
  /** A cart item the person already sponsors (flagged in the cart, refused by checkout with 409). */
  alreadySponsor: (name: string) => `You already sponsor ${name}. You can manage it from your profile.`,
  invalidCartItem:
    'Invalid cart item. Please remove this item from your cart and attempt to re-add. This may happen when another donor has sponsored this item in the time since it was added to your cart',
  // Payments
  notConfiguredForPayments: 'Partner is not configured to take payments.',
  stripeNotLoaded: 'stripe not loaded',
  cardElementMissing: 'Could not find card element',
  donationErrorTitle: 'Error submitting donation!',
  donationErrorBody: 'Payment failed. Please check your information and try again.',
  billingErrorTitle: 'Error completing transaction!',
  billingErrorBody: (error: string) =>
    `${error} Please wait a few minutes and try again, or use another payment method.`,
  checkoutError: (message: string) => `Error: ${message}.`,
  checkoutLoginRequired: 'Please register or sign in to check out.',
  checkoutThankYou: 'Thank you for your sponsorship!',
  demoTestCard:
    'This is a demo site. Use the test card 4242 4242 4242 4242 with any future date and any CVC.',
  // Onboarding
  invalidOnboarding: 'Invalid onboarding sequence',
  failedOnboarding: (error: string) => `Failed onboarding: ${error}. Please alert support.`,
  // Partner model and data
  invalidStateProperty: 'Invalid state property',
  entityNotInPartner: (id: number | string) => `Entity ID ${id} does not exist for current context partner`,
  planNotDefined: 'Current Sponsored Plan not defined',
  couldNotCreateSummary: 'Could not create sponsored summary',
  couldNotCreatePitch: 'Could not create sponsored pitch',
  filterOptionsMissing: (id: number | string) => `Filter options do not exist for ${id}`,
  missingGrade: 'Whoops, missing grade!',
  // User and API
  couldNotLoadUser: 'Could not load user',
  apiError: 'API Error',
  invalidPhone: (message: string) => `Invalid Phone Number: ${message}`,
  newUserNoEmail: 'Your account has no email address. Please contact support.',
  newUserSaveFailed: (error: string) =>
    `Could not save your information: ${error}. Please send this error to support.`,
  // Profile
  noDescription: 'No description.',
  sponsored: 'Sponsored!',
  maskedLock:
    'This profile is masked to protect identity and safety. Sponsor to unlock the full name, pictures and updates.',
  maskedAdmin:
    'This profile is masked to protect identity and safety. You can see it in full because you are a partner administrator.',
  maskedSponsor:
    'This profile is masked to protect identity and safety. You can see it in full because you are a sponsor.',
  // Private demo
  privateDemo: 'This demo site is private. Please contact the provider for access.',
} as const;

/** Button, menu and tab labels named by the spec. */
export const LABELS = {
  login: 'Login',
  signUp: 'Sign up!',
  myProfile: 'My Profile',
  administration: 'Administration',
  logout: 'Logout',
  about: 'About',
  sponsor: 'Sponsor',
  giftSponsorship: 'Gift a Sponsorship',
  redeemGift: 'Redeem Gift',
  redeemTrial: 'Redeem Trial',
  generalGiving: 'General Giving',
  contact: 'Contact',
  privacy: 'Privacy',
  donate: 'Donate',
  gift: 'Gift',
  checkout: 'Checkout',
  tabProfile: 'Profile',
  tabProgram: DEFAULT_PROGRAM_LABEL,
  tabCountry: 'Country',
  tabSponsorUpdates: 'Sponsor Updates',
  newCard: 'New Card',
  existingMethod: 'Existing Method',
  monthly: 'Monthly',
  annual: 'Annual',
  payNow: 'Pay Now',
  cancel: 'Cancel',
  goBack: 'Go Back',
  howItWorks: 'How it works',
} as const;

/** The id of the script element in which the server embeds the site's partner (GET partners/current) into the app shell. */
export const EMBEDDED_PARTNER_ID = 'kinship-partner';
