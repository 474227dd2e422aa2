import { Alert, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Feature, formatCents, hasFeature } from '@kinship/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PageNotFound } from '../../../components/page-not-found';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { addToCart, rememberLightningCode } from '../../../shared/cart/cart-store';
import { usePartner } from '../../../shared/partner/partner-context';
import { getLightning } from '../api/gifts-api';
import { RecordCard } from './record-card';

/**
 * /lightning/{sponsoredType?}/{code?} (feature LightningSponsorships): from a printed QR code to a
 * sponsorship in as few screens as possible: this page shows who is waiting and the price, one
 * button puts them in the cart and opens checkout (cart, then payment), which names the link so
 * the campaign is credited.
 */
export function LightningPage() {
  const partner = usePartner();
  usePageTitle('Sponsor now');
  const navigate = useNavigate();
  const { sponsoredType, code = '' } = useParams();
  const enabled = hasFeature(partner, Feature.LightningSponsorships);
  const type =
    sponsoredType ??
    partner.partnerSponsoredTypes.find((t) => t.active && t.sponsoredTypesId !== 4)?.identifier ??
    '';
  const preview = useQuery({
    queryKey: ['lightning', type, code],
    queryFn: () => getLightning(type, code),
    enabled: enabled && type !== '',
    retry: false,
  });
  if (!enabled) return <PageNotFound />;

  const sponsor = () => {
    if (!preview.data) return;
    const id = preview.data.record.id;
    addToCart({ id: String(id), sponsoredsId: id, quantity: 1 });
    if (preview.data.code) rememberLightningCode(preview.data.code);
    void navigate('/checkout');
  };

  return (
    <Container size="xs" py="xl">
      {preview.isPending && <Loader aria-label="Finding who is waiting" />}
      {preview.isError && (
        <Alert color="red" variant="light" role="alert" title="Nobody to sponsor here">
          {preview.error instanceof ApiError ? preview.error.message : 'Please try again.'}
        </Alert>
      )}
      {preview.data && (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            {preview.data.campaign && (
              <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
                {preview.data.campaign}
              </Text>
            )}
            <Title order={1} size="h2">
              Sponsor {preview.data.record.name ?? 'someone waiting'} today
            </Title>
            <RecordCard
              record={preview.data.record}
              caption={
                preview.data.monthlyAmount !== null
                  ? `${formatCents(preview.data.monthlyAmount)} a month`
                  : undefined
              }
            />
            <Button size="lg" fullWidth onClick={sponsor}>
              Sponsor now
            </Button>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
