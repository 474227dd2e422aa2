import { isPersonType, type PartnerSponsoredType, type SponsoredDetail } from '@kinship/domain';
import { Title } from '@mantine/core';
import { defineMessage, defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { formatGrade } from '../../../i18n/grades';
import { useFormat } from '../../../i18n/use-format';
import { locationText } from '../utils/sponsored-display';
import { useSlotTexts } from '../utils/slot-messages';
import { FactTable } from './fact-table';

const messages = defineMessages({
  gender: { id: 'profile.key.gender', defaultMessage: 'Gender' },
  birthday: { id: 'profile.key.birthday', defaultMessage: 'Birthday' },
  age: { id: 'profile.key.age', defaultMessage: 'Age' },
  grade: { id: 'profile.key.grade', defaultMessage: 'Grade' },
  monthlyAmount: { id: 'profile.key.monthlyAmount', defaultMessage: 'Monthly amount' },
  location: { id: 'profile.key.location', defaultMessage: 'Location' },
});

const genderValue = defineMessage<{ gender: string }>({
  id: 'profile.key.genderValue',
  defaultMessage: '{gender, select, Male {Male} Female {Female} other {{gender}}}',
});

// English shows the bare number (as the spec's profile does); other languages may add a unit.
const ageValue = defineMessage<{ age: number }>({
  id: 'profile.key.ageValue',
  defaultMessage: '{age, plural, other {#}}',
});

/**
 * Key information: for persons (types 1 to 3) gender and birthday or age; then the monthly amount,
 * the slots filled out of max when the type shows slots, and the location (program, city, country).
 */
export function KeyInformation({
  detail,
  type,
}: {
  detail: SponsoredDetail;
  type: PartnerSponsoredType | undefined;
}) {
  const intl = useIntl();
  const format = useFormat();
  const slots = useSlotTexts(type);
  const rows: [string, string][] = [];
  if (isPersonType(detail.sponsoredTypesId)) {
    if (detail.gender) {
      rows.push([
        intl.formatMessage(messages.gender),
        intl.formatMessage(genderValue, { gender: detail.gender }),
      ]);
    }
    const birthday = birthdayText(detail, format.date);
    if (birthday) rows.push([intl.formatMessage(messages.birthday), birthday]);
    else if (detail.age !== null) {
      rows.push([intl.formatMessage(messages.age), intl.formatMessage(ageValue, { age: detail.age })]);
    }
  }
  if (detail.grades) {
    rows.push([
      intl.formatMessage(messages.grade),
      detail.gradesId === null
        ? detail.grades.description
        : formatGrade(intl, detail.gradesId, detail.grades.description),
    ]);
  }
  rows.push([intl.formatMessage(messages.monthlyAmount), format.cents(detail.monthlyAmount)]);
  if (type?.showSlots) rows.push([slots.plural, slots.filled(detail.slotsFilled, detail.maxSlots)]);
  rows.push([intl.formatMessage(messages.location), locationText(detail.entities)]);

  return (
    <section aria-labelledby="key-information">
      <Title order={2} size="h3" id="key-information" mb="xs">
        <FormattedMessage id="profile.key.title" defaultMessage="Key information" />
      </Title>
      <FactTable rows={rows} labelWidth={150} bordered />
    </section>
  );
}

/** The birthday in the page's date format; the server's text when the date cannot be read. */
function birthdayText(
  detail: Pick<SponsoredDetail, 'birthday' | 'birthdayFormatted'>,
  date: (value: string) => string,
): string | null {
  if (!detail.birthdayFormatted) return null;
  if (!detail.birthday) return detail.birthdayFormatted;
  try {
    return date(detail.birthday);
  } catch {
    return detail.birthdayFormatted;
  }
}
