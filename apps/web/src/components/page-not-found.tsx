import { Button, Container, Text, Title } from '@mantine/core';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../hooks/use-page-title';

const messages = defineMessages({
  title: { id: 'notFound.title', defaultMessage: 'Page not found' },
});

/** The 404 page: any address the site does not have, and a page whose feature the partner has off. */
export function PageNotFound() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.title));
  return (
    <Container size="sm" py={64}>
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      <Text mt="sm" mb="lg">
        <FormattedMessage
          id="notFound.text"
          defaultMessage="We could not find the page you were looking for. It may have moved, or the address may be mistyped."
        />
      </Text>
      <Button component={Link} to="/">
        <FormattedMessage id="notFound.home" defaultMessage="Go to the home page" />
      </Button>
    </Container>
  );
}
