import { SOURCE_LOCALE, zodMessageIn, type Locale } from '@kinship/domain';
import {
  createIntl,
  defineMessage,
  defineMessages,
  type IntlShape,
  type MessageDescriptor,
} from 'react-intl';
import type { z } from 'zod';

/*
 * The staff forms' field errors in the page's language. They come from the domain's zod schemas
 * (checked in the browser, and by the server, whose problems the form shows on its fields): zod's
 * standard messages are said with zod's own locale; the schemas' own words (below, their English
 * exactly as the domain writes it) through the catalogue; anything else is shown as written.
 */
const fixed = defineMessages({
  required: { id: 'field.required', defaultMessage: 'Required.' },
  invalidEmail: { id: 'field.invalidEmail', defaultMessage: 'Invalid email' },
  validEmail: { id: 'field.validEmail', defaultMessage: 'Give a valid email address.' },
  nameRequired: { id: 'field.nameRequired', defaultMessage: 'Name is required' },
  chooseRole: { id: 'field.chooseRole', defaultMessage: 'Choose at least one role' },
  nothingToChange: { id: 'field.nothingToChange', defaultMessage: 'Nothing to change' },
  giveReason: { id: 'field.giveReason', defaultMessage: 'Give a reason.' },
  giveTheReason: { id: 'field.giveTheReason', defaultMessage: 'Give the reason.' },
  reasonTooLong: { id: 'field.reasonTooLong', defaultMessage: 'The reason may be at most 500 characters.' },
  reasonAtMost: { id: 'field.reasonAtMost', defaultMessage: 'The reason is at most 500 characters.' },
  amountOneCent: { id: 'field.amountOneCent', defaultMessage: 'The amount must be at least 1 cent.' },
  recordOrType: { id: 'field.recordOrType', defaultMessage: 'Choose a record or a type' },
  dateForm: { id: 'field.dateForm', defaultMessage: 'Use the form YYYY-MM-DD' },
  dateIs: { id: 'field.dateIs', defaultMessage: 'A date is YYYY-MM-DD' },
  periodIs: { id: 'field.periodIs', defaultMessage: 'A period is YYYY-MM-DD..YYYY-MM-DD' },
  dateTime: { id: 'field.dateTime', defaultMessage: 'A date and time.' },
  chooseRecord: { id: 'field.chooseRecord', defaultMessage: 'Choose at least one record.' },
  fromBeforeTo: { id: 'field.fromBeforeTo', defaultMessage: 'from must be on or before to.' },
  moreThanMaxSlots: { id: 'field.moreThanMaxSlots', defaultMessage: 'Cannot be more than the max slots.' },
  columnTaken: { id: 'field.columnTaken', defaultMessage: 'Another column has this name.' },
  chooseKind: { id: 'field.chooseKind', defaultMessage: 'Choose a kind of record.' },
  coordinates: { id: 'field.coordinates', defaultMessage: 'Give both coordinates or neither.' },
  atLeastOne: { id: 'field.atLeastOne', defaultMessage: 'At least 1.' },
  atLeastOneDollar: { id: 'field.atLeastOneDollar', defaultMessage: 'At least 1.00.' },
  atLeastZero: { id: 'field.atLeastZero', defaultMessage: 'At least 0.' },
  customColumns: { id: 'field.customColumns', defaultMessage: 'At most 30 custom columns.' },
  chooseInterval: { id: 'field.chooseInterval', defaultMessage: 'Choose at least one payment interval.' },
  slug: { id: 'field.slug', defaultMessage: 'Lower-case letters, digits and dashes (at most 40).' },
  latitude: { id: 'field.latitude', defaultMessage: 'Between -90 and 90.' },
  longitude: { id: 'field.longitude', defaultMessage: 'Between -180 and 180.' },
  template: { id: 'field.template', defaultMessage: 'Choose template 2, template 3 or none.' },
  feeOrTip: { id: 'field.feeOrTip', defaultMessage: 'Fee or tip.' },
  currency: { id: 'field.currency', defaultMessage: 'Choose a currency from the list.' },
  colour: { id: 'field.colour', defaultMessage: 'A colour as #rrggbb.' },
  featureId: { id: 'field.featureId', defaultMessage: 'A feature id from 1 to 12.' },
  domains: { id: 'field.domains', defaultMessage: 'At most 10 domains.' },
  atMostTwenty: { id: 'field.atMostTwenty', defaultMessage: 'At most 20.' },
  oneLanguage: { id: 'field.oneLanguage', defaultMessage: 'Offer at least one language.' },
  birthdayBefore1900: { id: 'field.birthdayBefore1900', defaultMessage: 'Birthday cannot be before 1900.' },
  birthdayFuture: { id: 'field.birthdayFuture', defaultMessage: 'Birthday cannot be in the future.' },
  code: { id: 'field.code', defaultMessage: 'Give the record a code.' },
  codeSpaces: { id: 'field.codeSpaces', defaultMessage: 'Code cannot contain spaces.' },
  funFactLabel: { id: 'field.funFactLabel', defaultMessage: 'Give the fun fact a label.' },
  funFactValue: { id: 'field.funFactValue', defaultMessage: 'Give the fun fact a value.' },
  grade: { id: 'field.grade', defaultMessage: 'This grade does not exist.' },
  monthlyPositive: { id: 'field.monthlyPositive', defaultMessage: 'Monthly Amount must be more than zero.' },
});

/** The schemas' words with a value in them: their English as a pattern, the value kept. */
const patterns: { match: RegExp; descriptor: MessageDescriptor }[] = [
  {
    match: /^At most (?<max>[\d,]+) characters\.$/,
    descriptor: defineMessage({ id: 'field.atMostCharacters', defaultMessage: 'At most {max} characters.' }),
  },
  {
    match: /^At most (?<max>[\d,.]+)\.$/,
    descriptor: defineMessage({ id: 'field.atMost', defaultMessage: 'At most {max}.' }),
  },
  {
    match: /^(?<label>.+) is required\.$/,
    descriptor: defineMessage({ id: 'field.labelRequired', defaultMessage: '{label} is required.' }),
  },
  {
    match: /^(?<label>.+) must be on one line\.$/,
    descriptor: defineMessage({ id: 'field.oneLine', defaultMessage: '{label} must be on one line.' }),
  },
  {
    match: /^(?<label>.+) is longer than (?<max>[\d,]+) characters\.$/,
    descriptor: defineMessage({
      id: 'field.tooLong',
      defaultMessage: '{label} is longer than {max} characters.',
    }),
  },
];

let sourceIntl: IntlShape | null = null;
const source = () => (sourceIntl ??= createIntl({ locale: SOURCE_LOCALE, defaultLocale: SOURCE_LOCALE }));
let byEnglish: Map<string, MessageDescriptor> | null = null;

/** A field error's text in the page's language: a schema's own words, else as written. */
export function fieldMessageIn(intl: IntlShape, message: string): string {
  if (intl.locale === SOURCE_LOCALE) return message;
  byEnglish ??= new Map(
    Object.values(fixed).map((descriptor) => [source().formatMessage(descriptor), descriptor]),
  );
  const known = byEnglish.get(message);
  if (known) return intl.formatMessage(known);
  for (const { match, descriptor } of patterns) {
    const found = match.exec(message);
    if (found) return intl.formatMessage(descriptor, found.groups);
  }
  return message;
}

/** A zod issue's text in the page's language: zod's own words by zod's locale, a schema's by the catalogue. */
export function issueMessageIn(intl: IntlShape, issue: z.core.$ZodIssue): string {
  return zodMessageIn(intl.locale as Locale, issue) ?? fieldMessageIn(intl, issue.message);
}
