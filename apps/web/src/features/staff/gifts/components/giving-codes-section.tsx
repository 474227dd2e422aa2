import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Image,
  NumberInput,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { can, Feature, formatCents, hasFeature, type StaffGivingCodes } from '@kinship/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError, apiUrl } from '../../../../lib/api-client';
import { useViewer } from '../../../../shared/auth/hooks/use-viewer';
import { usePartner } from '../../../../shared/partner/partner-context';
import { givingCodesQueryOptions, useCreateLightningLink, useIssueTrialCodes } from '../api/giving-codes-api';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');
const problemText = (error: unknown) => (error instanceof ApiError ? error.message : 'That did not work.');

const STATE_COLOR: Record<string, string> = {
  scheduled: 'gray',
  delivered: 'blue',
  redeemed: 'green',
  continued: 'teal',
  ended: 'gray',
  expired: 'orange',
  paying: 'yellow',
  failed: 'red',
  unused: 'blue',
  running: 'green',
  converted: 'teal',
};

function StateBadge({ state }: { state: string }) {
  return (
    <Badge color={STATE_COLOR[state] ?? 'gray'} variant="light">
      {state}
    </Badge>
  );
}

/**
 * Dashboard › Gifts and codes (donations.view to read; codes.manage to issue trial codes and create
 * lightning links, decisions 047 and 052): every gift, trial code and lightning link with its state.
 * Without codes.manage the server sends codes as their last four characters and links without
 * their address, and the issue forms are not shown.
 */
export function GivingCodesSection() {
  const partner = usePartner();
  const { viewer } = useViewer(partner.id);
  const mayIssue = can(viewer, 'codes.manage', { partnersId: partner.id });
  const data = useQuery(givingCodesQueryOptions());
  const tabs = [
    hasFeature(partner, Feature.Gifts) && 'gifts',
    hasFeature(partner, Feature.Trials) && 'trials',
    hasFeature(partner, Feature.LightningSponsorships) && 'lightning',
  ].filter(Boolean) as string[];

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Gifts and codes
      </Title>
      {tabs.length === 0 && <Text>Gifts, trials and lightning sponsorships are all off for this site.</Text>}
      {data.isError && <Alert color="red">{problemText(data.error)}</Alert>}
      {tabs.length > 0 && (
        <Tabs defaultValue={tabs[0]} keepMounted={false}>
          <Tabs.List>
            {tabs.includes('gifts') && (
              <Tabs.Tab value="gifts">Gifts ({data.data?.gifts.length ?? '…'})</Tabs.Tab>
            )}
            {tabs.includes('trials') && (
              <Tabs.Tab value="trials">Trial codes ({data.data?.trials.length ?? '…'})</Tabs.Tab>
            )}
            {tabs.includes('lightning') && (
              <Tabs.Tab value="lightning">Lightning links ({data.data?.lightning.length ?? '…'})</Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="gifts" pt="md">
            {data.data && <GiftsTable data={data.data} />}
          </Tabs.Panel>
          <Tabs.Panel value="trials" pt="md">
            <Stack gap="md">
              {mayIssue && <IssueTrials />}
              {data.data && <TrialsTable data={data.data} />}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="lightning" pt="md">
            <Stack gap="md">
              {mayIssue && <CreateLink />}
              {data.data && <LinksTable data={data.data} />}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

/** A wide table of codes that scrolls sideways on a phone, or what its empty list says. */
function CodesTable({
  empty,
  headers,
  children,
}: {
  empty: string | null;
  headers: string[];
  children: ReactNode;
}) {
  if (empty) return <Text c="dimmed">{empty}</Text>;
  return (
    <ScrollArea>
      <Table striped highlightOnHover miw={760}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function GiftsTable({ data }: { data: StaffGivingCodes }) {
  return (
    <CodesTable
      empty={data.gifts.length === 0 ? 'No gifts yet.' : null}
      headers={['State', 'Record', 'Period', 'Amount', 'From', 'To', 'Delivery']}
    >
      {data.gifts.map((g) => (
        <Table.Tr key={g.id}>
          <Table.Td>
            <StateBadge state={g.state} />
          </Table.Td>
          <Table.Td>{g.recordName ?? '—'}</Table.Td>
          <Table.Td>{g.months ? `${g.months} months` : 'Open-ended'}</Table.Td>
          <Table.Td>{formatCents(g.amount)}</Table.Td>
          <Table.Td>
            {g.giverName}
            <Text size="xs" c="dimmed">
              {g.giverEmail}
            </Text>
          </Table.Td>
          <Table.Td>
            {g.recipientName}
            <Text size="xs" c="dimmed">
              {g.redeemedByEmail ?? g.recipientEmail}
            </Text>
          </Table.Td>
          <Table.Td>{g.deliverOn ?? '—'}</Table.Td>
        </Table.Tr>
      ))}
    </CodesTable>
  );
}

function TrialsTable({ data }: { data: StaffGivingCodes }) {
  return (
    <CodesTable
      empty={data.trials.length === 0 ? 'No trial codes yet.' : null}
      headers={['State', 'Code', 'Batch', 'Days', 'Type', 'Redeemed by', 'Ends', 'Expires']}
    >
      {data.trials.map((t) => (
        <Table.Tr key={t.id}>
          <Table.Td>
            <StateBadge state={t.state} />
          </Table.Td>
          <Table.Td>
            <Code>{t.code}</Code>
          </Table.Td>
          <Table.Td>{t.batch ?? '—'}</Table.Td>
          <Table.Td>{t.days}</Table.Td>
          <Table.Td>{t.typeLabel ?? 'Any'}</Table.Td>
          <Table.Td>
            {t.redeemedByEmail ?? '—'}
            {t.recordName && (
              <Text size="xs" c="dimmed">
                {t.recordName}
              </Text>
            )}
          </Table.Td>
          <Table.Td>{when(t.endsAt)}</Table.Td>
          <Table.Td>{when(t.expiresAt)}</Table.Td>
        </Table.Tr>
      ))}
    </CodesTable>
  );
}

/** A titled card holding one small form. */
function FormCard({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {title}
          </Title>
          {children}
        </Stack>
      </form>
    </Paper>
  );
}

function useTypeOptions() {
  const partner = usePartner();
  return partner.partnerSponsoredTypes
    .filter((t) => t.active)
    .map((t) => ({ value: String(t.id), label: t.customLabelSingular }));
}

function IssueTrials() {
  const types = useTypeOptions();
  const [count, setCount] = useState<number | string>(1);
  const [days, setDays] = useState<number | string>(30);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [batch, setBatch] = useState('');
  const issue = useIssueTrialCodes();
  return (
    <FormCard
      title="Issue trial codes"
      onSubmit={() =>
        issue.mutate({
          count: Number(count),
          days: Number(days),
          partnerSponsoredTypesId: typeId ? Number(typeId) : null,
          batch,
        })
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
        <NumberInput label="How many" min={1} max={500} value={count} onChange={setCount} />
        <NumberInput label="Days" min={1} max={365} value={days} onChange={setDays} />
        <Select
          label="Type"
          placeholder="Any type"
          data={types}
          value={typeId}
          onChange={setTypeId}
          clearable
        />
        <TextInput
          label="Batch (event)"
          value={batch}
          onChange={(event) => setBatch(event.currentTarget.value)}
        />
      </SimpleGrid>
      <Group>
        <Button type="submit" loading={issue.isPending}>
          Issue
        </Button>
      </Group>
      {issue.isError && <Alert color="red">{problemText(issue.error)}</Alert>}
      {issue.data && (
        <Alert color="green" title={`${issue.data.codes.length} code(s) issued`}>
          <Text ff="monospace" size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {issue.data.codes.join('\n')}
          </Text>
        </Alert>
      )}
    </FormCard>
  );
}

function CreateLink() {
  const types = useTypeOptions();
  const [campaign, setCampaign] = useState('');
  const [typeId, setTypeId] = useState<string | null>(types[0]?.value ?? null);
  const create = useCreateLightningLink();
  return (
    <FormCard
      title="New lightning link"
      onSubmit={() =>
        create.mutate(
          { campaign, partnerSponsoredTypesId: typeId ? Number(typeId) : null },
          { onSuccess: () => setCampaign('') },
        )
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Campaign"
          required
          value={campaign}
          onChange={(event) => setCampaign(event.currentTarget.value)}
        />
        <Select label="Type" data={types} value={typeId} onChange={setTypeId} allowDeselect={false} />
      </SimpleGrid>
      <Group>
        <Button type="submit" loading={create.isPending} disabled={!campaign.trim()}>
          Create link
        </Button>
      </Group>
      {create.isError && <Alert color="red">{problemText(create.error)}</Alert>}
    </FormCard>
  );
}

function LinksTable({ data }: { data: StaffGivingCodes }) {
  if (data.lightning.length === 0) return <Text c="dimmed">No lightning links yet.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {data.lightning.map((link) => {
        const qr = (format: 'svg' | 'png') => apiUrl(`dashboard/lightning/${link.code}/qr`, { format });
        return (
          <Paper key={link.id} withBorder p="md" radius="md">
            <Stack gap="xs">
              <Text fw={700}>{link.campaign}</Text>
              <Text size="sm" c="dimmed">
                {link.recordName ?? `Next ${link.typeLabel ?? 'record'} waiting`} ·{' '}
                {link.sponsorships === 1 ? '1 sponsorship' : `${link.sponsorships} sponsorships`}
              </Text>
              {link.path === null ? (
                <Text size="sm">
                  Code <Code>{link.code}</Code>
                </Text>
              ) : (
                <>
                  <Image src={qr('svg')} alt={`QR code of ${link.campaign}`} w={160} h={160} />
                  <Anchor href={link.path} size="sm" style={{ wordBreak: 'break-all' }}>
                    {window.location.origin}
                    {link.path}
                  </Anchor>
                  <Anchor href={qr('png')} download={`${link.campaign}.png`} size="sm">
                    Download the QR code (PNG)
                  </Anchor>
                </>
              )}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
