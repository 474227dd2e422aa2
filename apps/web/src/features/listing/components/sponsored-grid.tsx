import type { PartnerSponsoredType, SponsoredSummary } from '@kinship/domain';
import { SimpleGrid, Stack } from '@mantine/core';
import { SponsoredCard } from './sponsored-card';

/**
 * The cards in the type's grid layout: 'column' is one card per row with the picture on the left,
 * 'deck' a grid of cards, 'deck-cropped' the same grid with pictures cropped to one height.
 */
export function SponsoredGrid({ items, type }: { items: SponsoredSummary[]; type: PartnerSponsoredType }) {
  const layout = type.gridLayout;
  const cards = items.map((sponsored) => (
    <SponsoredCard key={sponsored.id} sponsored={sponsored} type={type} layout={layout} />
  ));
  if (layout === 'column') {
    return (
      <Stack gap="md" data-testid="sponsored-grid" data-layout={layout}>
        {cards}
      </Stack>
    );
  }
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
      spacing="lg"
      data-testid="sponsored-grid"
      data-layout={layout}
    >
      {cards}
    </SimpleGrid>
  );
}
