import { Alert, Button, Container, Text } from '@mantine/core';
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LoadingScreen } from './loading-screen';

class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Container size="sm" py="xl">
        <Alert
          variant="default"
          title={<FormattedMessage id="lazyBoundary.title" defaultMessage="Something went wrong" />}
          role="alert"
        >
          <Text size="sm" mb="sm">
            {this.state.error.message || (
              <FormattedMessage id="lazyBoundary.text" defaultMessage="This page could not be shown." />
            )}
          </Text>
          <Button onClick={() => window.location.reload()}>
            <FormattedMessage id="lazyBoundary.reload" defaultMessage="Reload the page" />
          </Button>
        </Alert>
      </Container>
    );
  }
}

/** Shows a loading screen while a lazy page loads, and a reload offer if it fails or crashes. */
export function LazyBoundary({ children, resetKey }: { children: ReactNode; resetKey?: string }) {
  return (
    <ErrorBoundary {...(resetKey === undefined ? {} : { resetKey })}>
      <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
