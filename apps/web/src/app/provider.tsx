import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { NotificationsHost } from '../components/notifications-host';
import { brandCssVariablesResolver, buildBrandTheme } from '../lib/brand-theme';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
    },
  });
}

/** The data layer: one query client for the life of the page. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** Mantine themed in the partner's brand colour (the platform default before the partner is known). */
export function BrandProvider({
  brandColor,
  children,
  env,
}: {
  brandColor: string | null | undefined;
  children: ReactNode;
  env?: 'default' | 'test';
}) {
  const theme = useMemo(() => buildBrandTheme(brandColor), [brandColor]);
  return (
    <MantineProvider
      theme={theme}
      forceColorScheme="light"
      cssVariablesResolver={brandCssVariablesResolver}
      {...(env ? { env } : {})}
    >
      <NotificationsHost />
      {children}
    </MantineProvider>
  );
}
