import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { usePartner } from '../../shared/partner/partner-context';
import { usePageTitle } from '../../hooks/use-page-title';
import { useLabels } from '../../i18n/labels';

/** /contact: the partner's support email. */
export function ContactRoute() {
  const partner = usePartner();
  usePageTitle(useLabels().contact);
  const email = partner.supportEmail?.trim();
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>
          <FormattedMessage
            id="contact.title"
            defaultMessage="Contact {name}"
            values={{ name: partner.name }}
          />
        </Title>
        {email ? (
          <Text>
            <FormattedMessage
              id="contact.email"
              defaultMessage="Questions about a sponsorship, a donation or your account? Email {email} and the {name} team will get back to you."
              values={{
                name: partner.name,
                email: (
                  <Anchor href={`mailto:${email}`} fw={700}>
                    {email}
                  </Anchor>
                ),
              }}
            />
          </Text>
        ) : (
          <Text>
            <FormattedMessage
              id="contact.noEmail"
              defaultMessage="{name} has not published a support email yet."
              values={{ name: partner.name }}
            />
          </Text>
        )}
      </Stack>
    </Container>
  );
}
