import type { PartnerSponsoredType } from '@kinship/domain';
import { Tabs } from '@mantine/core';

/** One tab per sponsored type of the partner (its plural label), the value the type's id as text. */
export function TypeTabs({
  types,
  value,
  onChange,
}: {
  types: readonly PartnerSponsoredType[];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  return (
    <Tabs value={value} onChange={onChange}>
      <Tabs.List>
        {types.map((t) => (
          <Tabs.Tab key={t.id} value={String(t.id)}>
            {t.customLabelPlural}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
