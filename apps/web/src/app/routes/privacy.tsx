import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { usePartner } from '../../shared/partner/partner-context';
import { usePageTitle } from '../../hooks/use-page-title';

/** /privacy: what is collected and why, how children are protected, who handles cards, and whom to ask. */
export function PrivacyRoute() {
  const partner = usePartner();
  usePageTitle('Privacy');
  const email = partner.supportEmail?.trim();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Privacy notice</Title>
        <Text>This notice explains how {partner.name} handles your information on this site.</Text>

        <section aria-labelledby="privacy-collect">
          <Title order={2} size="h3" id="privacy-collect" mb="xs">
            What we collect
          </Title>
          <List spacing={4}>
            <List.Item>
              Your name, email address and password (stored only as a secure hash) when you create an account.
            </List.Item>
            <List.Item>
              Your postal address and phone number, when you give them, for receipts and sponsor mail.
            </List.Item>
            <List.Item>
              Your sponsorships, donations and gifts, so we can send receipts and updates.
            </List.Item>
          </List>
          <Text mt="xs">
            We use this information to run your sponsorships and donations and to contact you about them. We
            do not sell it.
          </Text>
        </section>

        <section aria-labelledby="privacy-children">
          <Title order={2} size="h3" id="privacy-children" mb="xs">
            Protecting children
          </Title>
          <Text>
            Some profiles are masked to protect the identity and safety of the children and staff shown. A
            masked profile&rsquo;s full name, pictures and updates are only shown to its sponsors and to{' '}
            {partner.name}&rsquo;s staff. Please do not share them outside this site.
          </Text>
        </section>

        <section aria-labelledby="privacy-payments">
          <Title order={2} size="h3" id="privacy-payments" mb="xs">
            Payments
          </Title>
          <Text>
            Card and bank details are entered into and handled by our card payment provider. They are never
            stored on this site: we only see a card&rsquo;s brand, last four digits and expiry date, so we can
            show you your saved payment methods.
          </Text>
        </section>

        <section aria-labelledby="privacy-contact">
          <Title order={2} size="h3" id="privacy-contact" mb="xs">
            Questions and requests
          </Title>
          <Text>
            To see, correct or delete your information, contact {partner.name}
            {email ? (
              <>
                {' '}
                at <Anchor href={`mailto:${email}`}>{email}</Anchor>
              </>
            ) : null}
            .
          </Text>
        </section>
      </Stack>
    </Container>
  );
}
