import { Button, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../hooks/use-page-title';

/** The 404 page: any address the site does not have, and a page whose feature the partner has off. */
export function PageNotFound() {
  usePageTitle('Page not found');
  return (
    <Container size="sm" py={64}>
      <Title order={1}>Page not found</Title>
      <Text mt="sm" mb="lg">
        We could not find the page you were looking for. It may have moved, or the address may be mistyped.
      </Text>
      <Button component={Link} to="/">
        Go to the home page
      </Button>
    </Container>
  );
}
