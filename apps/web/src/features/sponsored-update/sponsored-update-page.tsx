import { sponsoredUpdatePageSchema, type SponsoredUpdatePage } from '@kinship/domain';
import { Alert, Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { SanitizedHtml } from '../../components/sanitized-html';
import { usePageTitle } from '../../hooks/use-page-title';
import { useFormat } from '../../i18n/use-format';
import { ApiError, apiRequest } from '../../lib/api-client';
import { LoginButton } from '../../shared/auth/components/login-button';

/** GET sponsored-updates/{code}: one record's update, for its sponsors and the partner's staff. */
function useSponsoredUpdate(code: string) {
  return useQuery({
    queryKey: ['sponsored-update', code],
    queryFn: ({ signal }) =>
      apiRequest<SponsoredUpdatePage>(`sponsored-updates/${encodeURIComponent(code)}`, {
        schema: sponsoredUpdatePageSchema,
        signal,
      }),
    retry: false,
  });
}

/** The page's date format (en-US MM/DD/YYYY); a date the formatter cannot read is shown as given. */
function displayDate(value: string, date: (value: string) => string): string {
  try {
    return date(value);
  } catch {
    return value;
  }
}

/**
 * /sponsored/update/{code}: the page an update's email links to. It opens for the record's active
 * sponsors and the partner's staff; a visitor is asked to sign in and anyone else is told who may
 * read it, with nothing about the record.
 */
export function SponsoredUpdatePage() {
  const { code = '' } = useParams();
  const update = useSponsoredUpdate(code);
  const intl = useIntl();
  const format = useFormat();
  usePageTitle(
    update.data
      ? update.data.title
      : intl.formatMessage({ id: 'sponsoredUpdate.pageTitle', defaultMessage: 'Update' }),
  );

  if (update.isPending) return <LoadingScreen />;
  if (update.isError) {
    const status = update.error instanceof ApiError ? update.error.status : 0;
    return (
      <Container size="sm" py="xl">
        <Stack gap="md" align="flex-start">
          <Title order={1}>
            <FormattedMessage id="sponsoredUpdate.title" defaultMessage="Sponsor update" />
          </Title>
          <Alert color={status === 401 ? 'blue' : 'red'} role="alert" w="100%">
            {update.error.message}
          </Alert>
          {status === 401 ? (
            <LoginButton variant="filled" />
          ) : (
            <Button component={Link} to="/" variant="default">
              <FormattedMessage id="sponsoredUpdate.backToSite" defaultMessage="Back to the site" />
            </Button>
          )}
        </Stack>
      </Container>
    );
  }
  const data = update.data;
  return (
    <Container size="sm" py="xl">
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        component="article"
        aria-labelledby="update-title"
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              <FormattedMessage
                id="sponsoredUpdate.about"
                defaultMessage="An update about <link>{name}</link>"
                values={{
                  name: data.recordName,
                  link: (chunks) => (
                    <Anchor component={Link} to={`/sponsored/profile/${data.sponsoredsId}`}>
                      {chunks}
                    </Anchor>
                  ),
                }}
              />
            </Text>
            <Title order={1} id="update-title">
              {data.title}
            </Title>
            <Text size="sm" c="dimmed">
              {displayDate(data.distributionDate, format.date)}
            </Text>
          </Stack>
          <SanitizedHtml html={data.updateMessage} />
          <Group>
            <Button component={Link} to={`/sponsored/profile/${data.sponsoredsId}`} variant="default">
              <FormattedMessage id="sponsoredUpdate.seeProfile" defaultMessage="See the profile" />
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
