import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { SanitizedHtml } from '../../components/sanitized-html';
import { ExternalLinkIcon } from '../../components/icons';
import { usePartner } from '../../shared/partner/partner-context';
import { usePageTitle } from '../../hooks/use-page-title';

/** /about/partner: the partner's description (sanitized HTML), website, support email and a partnership note. */
export function AboutPartnerRoute() {
  const partner = usePartner();
  const intl = useIntl();
  const title = intl.formatMessage(
    { id: 'aboutPartner.title', defaultMessage: 'About {name}' },
    { name: partner.name },
  );
  usePageTitle(title);
  const website = partner.website?.trim();
  const email = partner.supportEmail?.trim();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {partner.description ? (
          <SanitizedHtml html={partner.description} />
        ) : (
          <Text c="dimmed">
            <FormattedMessage
              id="aboutPartner.noDescription"
              defaultMessage="{name} has not written a description yet."
              values={{ name: partner.name }}
            />
          </Text>
        )}
        <Stack gap={4}>
          {website && (
            <Text>
              <FormattedMessage
                id="aboutPartner.website"
                defaultMessage="Website: {link}"
                values={{
                  link: (
                    <Anchor href={website} target="_blank" rel="noopener noreferrer">
                      {website.replace(/^https?:\/\//, '')} <ExternalLinkIcon />
                    </Anchor>
                  ),
                }}
              />
            </Text>
          )}
          {email && (
            <Text>
              <FormattedMessage
                id="aboutPartner.support"
                defaultMessage="Support: {link}"
                values={{ link: <Anchor href={`mailto:${email}`}>{email}</Anchor> }}
              />
            </Text>
          )}
        </Stack>
        <Paper
          withBorder
          p="md"
          radius="md"
          component="aside"
          aria-label={intl.formatMessage({
            id: 'aboutPartner.noteLabel',
            defaultMessage: 'Partnership note',
          })}
        >
          <Text size="sm">
            <FormattedMessage
              id="aboutPartner.note"
              defaultMessage="This site is run by {name} on the Kinship sponsorship platform. Sponsorships and donations made here go to {name}, which chooses the people and projects shown and writes their updates."
              values={{ name: partner.name }}
            />
          </Text>
        </Paper>
      </Stack>
    </Container>
  );
}
