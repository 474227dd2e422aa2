import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { SanitizedHtml } from '../../components/sanitized-html';
import { ExternalLinkIcon } from '../../components/icons';
import { usePartner } from '../../shared/partner/partner-context';
import { usePageTitle } from '../../hooks/use-page-title';

/** /about/partner: the partner's description (sanitized HTML), website, support email and a partnership note. */
export function AboutPartnerRoute() {
  const partner = usePartner();
  usePageTitle(`About ${partner.name}`);
  const website = partner.website?.trim();
  const email = partner.supportEmail?.trim();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>About {partner.name}</Title>
        {partner.description ? (
          <SanitizedHtml html={partner.description} />
        ) : (
          <Text c="dimmed">{partner.name} has not written a description yet.</Text>
        )}
        <Stack gap={4}>
          {website && (
            <Text>
              Website:{' '}
              <Anchor href={website} target="_blank" rel="noopener noreferrer">
                {website.replace(/^https?:\/\//, '')} <ExternalLinkIcon />
              </Anchor>
            </Text>
          )}
          {email && (
            <Text>
              Support: <Anchor href={`mailto:${email}`}>{email}</Anchor>
            </Text>
          )}
        </Stack>
        <Paper withBorder p="md" radius="md" component="aside" aria-label="Partnership note">
          <Text size="sm">
            This site is run by {partner.name} on the Kinship sponsorship platform. Sponsorships and donations
            made here go to {partner.name}, which chooses the people and projects shown and writes their
            updates.
          </Text>
        </Paper>
      </Stack>
    </Container>
  );
}
