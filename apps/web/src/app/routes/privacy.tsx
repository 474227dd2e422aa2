import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { usePartner } from '../../shared/partner/partner-context';
import { usePageTitle } from '../../hooks/use-page-title';
import { useLabels } from '../../i18n/labels';

/** /privacy: what is collected and why, how children are protected, who handles cards, and whom to ask. */
export function PrivacyRoute() {
  const partner = usePartner();
  usePageTitle(useLabels().privacy);
  const email = partner.supportEmail?.trim();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          <FormattedMessage id="privacy.title" defaultMessage="Privacy notice" />
        </Title>
        <Text>
          <FormattedMessage
            id="privacy.intro"
            defaultMessage="This notice explains how {name} handles your information on this site."
            values={{ name: partner.name }}
          />
        </Text>

        <section aria-labelledby="privacy-collect">
          <Title order={2} size="h3" id="privacy-collect" mb="xs">
            <FormattedMessage id="privacy.collect.title" defaultMessage="What we collect" />
          </Title>
          <List spacing={4}>
            <List.Item>
              <FormattedMessage
                id="privacy.collect.account"
                defaultMessage="Your name, email address and password (stored only as a secure hash) when you create an account."
              />
            </List.Item>
            <List.Item>
              <FormattedMessage
                id="privacy.collect.address"
                defaultMessage="Your postal address and phone number, when you give them, for receipts and sponsor mail."
              />
            </List.Item>
            <List.Item>
              <FormattedMessage
                id="privacy.collect.giving"
                defaultMessage="Your sponsorships, donations and gifts, so we can send receipts and updates."
              />
            </List.Item>
          </List>
          <Text mt="xs">
            <FormattedMessage
              id="privacy.collect.use"
              defaultMessage="We use this information to run your sponsorships and donations and to contact you about them. We do not sell it."
            />
          </Text>
        </section>

        <section aria-labelledby="privacy-children">
          <Title order={2} size="h3" id="privacy-children" mb="xs">
            <FormattedMessage id="privacy.children.title" defaultMessage="Protecting children" />
          </Title>
          <Text>
            <FormattedMessage
              id="privacy.children.text"
              defaultMessage="Some profiles are masked to protect the identity and safety of the children and staff shown. A masked profile’s full name, pictures and updates are only shown to its sponsors and to {name}’s staff. Please do not share them outside this site."
              values={{ name: partner.name }}
            />
          </Text>
        </section>

        <section aria-labelledby="privacy-payments">
          <Title order={2} size="h3" id="privacy-payments" mb="xs">
            <FormattedMessage id="privacy.payments.title" defaultMessage="Payments" />
          </Title>
          <Text>
            <FormattedMessage
              id="privacy.payments.text"
              defaultMessage="Card and bank details are entered into and handled by our card payment provider. They are never stored on this site: we only see a card’s brand, last four digits and expiry date, so we can show you your saved payment methods."
            />
          </Text>
        </section>

        <section aria-labelledby="privacy-contact">
          <Title order={2} size="h3" id="privacy-contact" mb="xs">
            <FormattedMessage id="privacy.contact.title" defaultMessage="Questions and requests" />
          </Title>
          <Text>
            {email ? (
              <FormattedMessage
                id="privacy.contact.email"
                defaultMessage="To see, correct or delete your information, contact {name} at {email}."
                values={{ name: partner.name, email: <Anchor href={`mailto:${email}`}>{email}</Anchor> }}
              />
            ) : (
              <FormattedMessage
                id="privacy.contact.noEmail"
                defaultMessage="To see, correct or delete your information, contact {name}."
                values={{ name: partner.name }}
              />
            )}
          </Text>
        </section>
      </Stack>
    </Container>
  );
}
