import { Stack, Tabs, Text, Title } from '@mantine/core';
import { defineMessages, FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { LetterQueue } from './letter-queue';
import { LetterScans } from './letter-scans';
import { LetterSettingsForm } from './letter-settings';
import { PrintLetters } from './print-letters';

const m = defineMessages({
  title: { id: 'staff.letters.title', defaultMessage: 'Letters' },
  intro: {
    id: 'staff.letters.intro',
    defaultMessage:
      'Every letter is checked automatically for contact details, links and requests for money, then read here before it reaches anyone.',
  },
  tabQueue: { id: 'staff.letters.tab.queue', defaultMessage: 'Queue' },
  tabPrint: { id: 'staff.letters.tab.print', defaultMessage: 'Print' },
  tabScans: { id: 'staff.letters.tab.scans', defaultMessage: 'Replies on paper' },
  tabSettings: { id: 'staff.letters.tab.settings', defaultMessage: 'Settings' },
});

const TABS = ['queue', 'print', 'scans', 'settings'] as const;
type Tab = (typeof TABS)[number];

/**
 * Dashboard › Letters (issue 24, letters.moderate, feature 4): the queue of letters to read, the
 * printing of approved sponsor letters by program, the scanned replies that come back on paper, and
 * the partner's guidelines and word list. The tab is kept in the address (`?tab=print`).
 */
export function LettersSection() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'queue';
  return (
    <Stack gap="md">
      <Title order={1}>
        <FormattedMessage {...m.title} />
      </Title>
      <Text c="dimmed" size="sm">
        <FormattedMessage {...m.intro} />
      </Text>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'queue' ? { tab: value } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="queue">
            <FormattedMessage {...m.tabQueue} />
          </Tabs.Tab>
          <Tabs.Tab value="print">
            <FormattedMessage {...m.tabPrint} />
          </Tabs.Tab>
          <Tabs.Tab value="scans">
            <FormattedMessage {...m.tabScans} />
          </Tabs.Tab>
          <Tabs.Tab value="settings">
            <FormattedMessage {...m.tabSettings} />
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="queue" pt="md">
          <LetterQueue />
        </Tabs.Panel>
        <Tabs.Panel value="print" pt="md">
          <PrintLetters />
        </Tabs.Panel>
        <Tabs.Panel value="scans" pt="md">
          <LetterScans />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <LetterSettingsForm />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
