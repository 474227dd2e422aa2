import { formatCents, isPersonType, type PartnerSponsoredType, type SponsoredDetail } from '@kinship/domain';
import { Title } from '@mantine/core';
import { FactTable } from './fact-table';
import { locationText, slotName } from '../utils/sponsored-display';

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
  const rows: [string, string][] = [];
  if (isPersonType(detail.sponsoredTypesId)) {
    if (detail.gender) rows.push(['Gender', detail.gender]);
    if (detail.birthdayFormatted) rows.push(['Birthday', detail.birthdayFormatted]);
    else if (detail.age !== null) rows.push(['Age', String(detail.age)]);
  }
  if (detail.grades) rows.push(['Grade', detail.grades.description]);
  rows.push(['Monthly amount', formatCents(detail.monthlyAmount)]);
  if (type?.showSlots) {
    rows.push([
      `${slotName(type)}s`,
      `${detail.slotsFilled} of ${detail.maxSlots} ${slotName(type)}s filled`,
    ]);
  }
  rows.push(['Location', locationText(detail.entities)]);

  return (
    <section aria-labelledby="key-information">
      <Title order={2} size="h3" id="key-information" mb="xs">
        Key information
      </Title>
      <FactTable rows={rows} labelWidth={150} bordered />
    </section>
  );
}
