import { Alert, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Feature, hasFeature } from '@kinship/domain';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { PageNotFound } from '../../../components/page-not-found';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useFormat } from '../../../i18n/use-format';
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
  const intl = useIntl();
  const format = useFormat();
  const sponsorNow = intl.formatMessage({ id: 'lightning.sponsorNow', defaultMessage: 'Sponsor now' });
  usePageTitle(sponsorNow);
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
      {preview.isPending && (
        <Loader
          aria-label={intl.formatMessage({
            id: 'lightning.finding',
            defaultMessage: 'Finding who is waiting',
          })}
        />
      )}
      {preview.isError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={intl.formatMessage({ id: 'lightning.nobody', defaultMessage: 'Nobody to sponsor here' })}
        >
          {preview.error instanceof ApiError
            ? preview.error.message
            : intl.formatMessage({ id: 'lightning.tryAgain', defaultMessage: 'Please try again.' })}
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
              {preview.data.record.name ? (
                <FormattedMessage
                  id="lightning.title"
                  defaultMessage="Sponsor {name} today"
                  values={{ name: preview.data.record.name }}
                />
              ) : (
                <FormattedMessage
                  id="lightning.titleSomeone"
                  defaultMessage="Sponsor someone waiting today"
                />
              )}
            </Title>
            <RecordCard
              record={preview.data.record}
              caption={
                preview.data.monthlyAmount !== null
                  ? intl.formatMessage(
                      { id: 'lightning.perMonth', defaultMessage: '{amount} a month' },
                      { amount: format.cents(preview.data.monthlyAmount) },
                    )
                  : undefined
              }
            />
            <Button size="lg" fullWidth onClick={sponsor}>
              {sponsorNow}
            </Button>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
