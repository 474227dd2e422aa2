import type { FilterOption, FilterType } from '@kinship/domain';
import { SOURCE_LOCALE } from '@kinship/domain';
import { createIntl, defineMessages, type IntlShape } from 'react-intl';
import { formatGrade } from '../../../i18n/grades';

/*
 * The platform's filters (Age, Gender, Grade, Birth month, Program) are reference data written in
 * English once for every partner. Their labels and options are shown in the page's language when
 * they still say the platform's words; a label or option someone wrote differently is shown as
 * written. In en-US every text below is the stored one, word for word.
 */
const filterLabels = defineMessages({
  ageBand: { id: 'listing.filter.age', defaultMessage: 'Age' },
  gender: { id: 'listing.filter.gender', defaultMessage: 'Gender' },
  gradesId: { id: 'listing.filter.grade', defaultMessage: 'Grade' },
  birthMonth: { id: 'listing.filter.birthMonth', defaultMessage: 'Birth month' },
  entitiesId: { id: 'listing.filter.program', defaultMessage: 'Program' },
});

const genderOptions = defineMessages({
  Male: { id: 'listing.filter.gender.male', defaultMessage: 'Male' },
  Female: { id: 'listing.filter.gender.female', defaultMessage: 'Female' },
});

const ENGLISH_MONTHS = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
const monthDate = (month: number) => new Date(Date.UTC(2000, month - 1, 15));

let sourceIntl: IntlShape | null = null;
/** The platform's English wording (the messages' defaults), to tell it from a partner's own words. */
const source = () => (sourceIntl ??= createIntl({ locale: SOURCE_LOCALE, defaultLocale: SOURCE_LOCALE }));

const own = <T extends object>(map: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(map, key);

/** A filter's label in the page's language, when it is the platform's own label. */
export function platformFilterLabel(intl: IntlShape, filterType: Pick<FilterType, 'filterField' | 'label'>) {
  const field = filterType.filterField;
  if (!own(filterLabels, field)) return filterType.label;
  const descriptor = filterLabels[field];
  // Compared with the English the source locale says (defaults are compiled to message trees).
  return source().formatMessage(descriptor) === filterType.label
    ? intl.formatMessage(descriptor)
    : filterType.label;
}

/** An option's text in the page's language, when it is the platform's own wording. */
export function platformOptionText(
  intl: IntlShape,
  filterType: Pick<FilterType, 'filterField'>,
  option: FilterOption,
): string {
  switch (filterType.filterField) {
    case 'gender':
      return own(genderOptions, option.value) &&
        source().formatMessage(genderOptions[option.value]) === option.value
        ? intl.formatMessage(genderOptions[option.value])
        : option.value;
    case 'birthMonth': {
      const month = Number(option.id);
      if (!Number.isInteger(month) || month < 1 || month > 12) return option.value;
      if (ENGLISH_MONTHS.format(monthDate(month)) !== option.value) return option.value;
      const name = intl.formatDate(monthDate(month), { month: 'long', timeZone: 'UTC' });
      return name.charAt(0).toLocaleUpperCase(intl.locale) + name.slice(1);
    }
    case 'gradesId': {
      const gradesId = Number(option.id);
      if (!Number.isInteger(gradesId) || formatGrade(source(), gradesId, '') !== option.value)
        return option.value;
      return formatGrade(intl, gradesId, option.value);
    }
    default:
      return option.value;
  }
}
