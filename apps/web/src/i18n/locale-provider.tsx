import { SOURCE_LOCALE, type Locale } from '@kinship/domain';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { hasCatalogue, isPartLoaded, loadPart, loadedMessages, type CataloguePart } from './catalogue';
import { rememberLocale } from './locale-choice';

interface LocaleState {
  locale: Locale;
  /** The locales this partner offers. */
  locales: readonly Locale[];
  /** Switches the page's language and remembers the choice. */
  setLocale: (locale: Locale) => Promise<void>;
  parts: readonly CataloguePart[];
  addPart: (part: CataloguePart) => void;
}

const LocaleContext = createContext<LocaleState | null>(null);

export function useLocale(): Pick<LocaleState, 'locale' | 'locales' | 'setLocale'> {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale outside LocaleProvider');
  return state;
}

/**
 * True once a catalogue part is there in the page's locale (the dashboard's loads when it opens); at
 * once for a locale with no catalogue (en-US), whose texts are compiled in.
 */
export function useCataloguePart(part: CataloguePart): boolean {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useCataloguePart outside LocaleProvider');
  const { locale, parts, addPart } = state;
  const ready = !hasCatalogue(locale) || (parts.includes(part) && isPartLoaded(locale, part));
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadPart(locale, part).then(() => {
      if (live) addPart(part);
    });
    return () => {
      live = false;
    };
  }, [ready, locale, part, addPart]);
  return ready;
}

/** A missing message of an English locale falls back to the source text by design (decision 070). */
function reportIntlError(error: { code?: string; message: string }, locale: Locale): void {
  if (error.code === 'MISSING_TRANSLATION' && locale.startsWith('en-')) return;
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') console.error(error.message);
}

/**
 * The page's language: react-intl's provider with the locale's loaded catalogue parts. The first
 * locale's site part is loaded before the site renders (LocaleGate), so no English flashes by; the
 * other public screens and the dashboard wait for their part (`useCataloguePart`).
 */
export function LocaleProvider({
  initial,
  locales,
  children,
}: {
  initial: Locale;
  locales: readonly Locale[];
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [locale, setLocaleState] = useState<Locale>(initial);
  const [parts, setParts] = useState<CataloguePart[]>(['site']);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const setLocale = useCallback(
    async (next: Locale) => {
      await Promise.all(parts.map((part) => loadPart(next, part)));
      rememberLocale(next);
      setLocaleState(next);
      // Texts the server sends (error messages, partner content) follow the choice from now on.
      await queryClient.invalidateQueries();
    },
    [parts, queryClient],
  );
  const addPart = useCallback(
    (part: CataloguePart) => setParts((current) => (current.includes(part) ? current : [...current, part])),
    [],
  );

  // Read again whenever a part joins (`parts` changes), though the messages come from the loaded store.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const messages = useMemo(() => loadedMessages(locale), [locale, parts]);
  const state = useMemo(
    () => ({ locale, locales, setLocale, parts, addPart }),
    [locale, locales, setLocale, parts, addPart],
  );
  return (
    <LocaleContext.Provider value={state}>
      <IntlProvider
        locale={locale}
        defaultLocale={SOURCE_LOCALE}
        messages={messages}
        onError={(error) => reportIntlError(error, locale)}
      >
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

/** Shows `fallback` until the locale's site catalogue is loaded, then the site in that locale. */
export function LocaleGate({
  initial,
  locales,
  fallback,
  children,
}: {
  initial: Locale;
  locales: readonly Locale[];
  fallback: ReactNode;
  children: ReactNode;
}) {
  const [ready, setReady] = useState(() => isPartLoaded(initial, 'site'));
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadPart(initial, 'site').then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [initial, ready]);
  if (!ready) return fallback;
  return (
    <LocaleProvider initial={initial} locales={locales}>
      {children}
    </LocaleProvider>
  );
}
