import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { usePartner } from '../../shared/partner/partner-context';
import { usePageTitle } from '../../hooks/use-page-title';

/** /contact: the partner's support email. */
export function ContactRoute() {
  const partner = usePartner();
  usePageTitle('Contact');
  const email = partner.supportEmail?.trim();
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>Contact {partner.name}</Title>
        {email ? (
          <Text>
            Questions about a sponsorship, a donation or your account? Email{' '}
            <Anchor href={`mailto:${email}`} fw={700}>
              {email}
            </Anchor>{' '}
            and the {partner.name} team will get back to you.
          </Text>
        ) : (
          <Text>{partner.name} has not published a support email yet.</Text>
        )}
      </Stack>
    </Container>
  );
}
