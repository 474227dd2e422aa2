import { Alert, Anchor, Button, Container, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatReceiptAmount, PDF_DOWNLOAD_FILE_NAME, type Receipt } from '@kinship/domain';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { usePageTitle } from '../../../hooks/use-page-title';
import { mediaUrl } from '../../../lib/api-client';
import { usePartner } from '../../../shared/partner/partner-context';
import { receiptPdfUrl, useReceipt } from '../api/get-receipt';

const INTERVAL_NAMES = { month: 'Monthly', year: 'Annual' } as const;

function ReceiptRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="lg">
      <Text c="dimmed" size="sm" style={{ flex: 'none' }}>
        {label}
      </Text>
      {/* A receipt number is one long word: it may break anywhere rather than run off a phone's card. */}
      <Text ta="right" fw={500} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function ReceiptCard({ receipt }: { receipt: Receipt }) {
  const partner = usePartner();
  const logo = mediaUrl(partner.logo);
  return (
    <Paper withBorder radius="md" p="xl" component="article" aria-labelledby="receipt-title">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} size="h2" id="receipt-title">
              Receipt
            </Title>
            <Text c="dimmed">{receipt.partnerName}</Text>
          </div>
          {logo && <img src={logo} alt={receipt.partnerName} style={{ maxHeight: 56, maxWidth: 180 }} />}
        </Group>
        <Text size="xl" fw={700} data-testid="receipt-amount">
          {formatReceiptAmount(receipt.amount, receipt.currency)}
        </Text>
        <Stack gap="xs">
          <ReceiptRow label="For">{receipt.description}</ReceiptRow>
          {receipt.kind === 'subscription' && receipt.interval && (
            <ReceiptRow label="Interval">{INTERVAL_NAMES[receipt.interval]}</ReceiptRow>
          )}
          <ReceiptRow label="Date">{formatDate(receipt.date)}</ReceiptRow>
          {receipt.donorName && <ReceiptRow label="Received from">{receipt.donorName}</ReceiptRow>}
          <ReceiptRow label="Receipt number">{receipt.code}</ReceiptRow>
          {receipt.refunds.map((refund, i) => (
            <ReceiptRow key={`${refund.date}-${i}`} label={`Refunded on ${formatDate(refund.date)}`}>
              {formatReceiptAmount(refund.amount, receipt.currency)}
            </ReceiptRow>
          ))}
          {receipt.refundedAmount > 0 && (
            <ReceiptRow label="Net amount">
              <span data-testid="receipt-net-amount">
                {formatReceiptAmount(receipt.amount - receipt.refundedAmount, receipt.currency)}
              </span>
            </ReceiptRow>
          )}
        </Stack>
        <Divider />
        <Stack gap={6}>
          {receipt.paymentNotice.map((paragraph) => (
            <Text key={paragraph} size="sm">
              {paragraph}
            </Text>
          ))}
        </Stack>
        <Group>
          <Button component="a" href={receiptPdfUrl(receipt.code)} download={PDF_DOWNLOAD_FILE_NAME}>
            Download PDF
          </Button>
          <Button variant="default" onClick={() => window.print()}>
            Print
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /receipts/{code}: the branded receipt of one payment, with its PDF. */
export function ReceiptPage() {
  const { code = '' } = useParams();
  usePageTitle('Receipt');
  const receipt = useReceipt(code);
  return (
    <Container size="sm" py="xl">
      {receipt.isPending ? (
        <LoadingScreen message="Loading your receipt" />
      ) : receipt.isError ? (
        <Alert color="red" variant="light" role="alert" title="This receipt could not be shown">
          <Text size="sm">{receipt.error.message}</Text>
          <Anchor component={Link} to="/" size="sm">
            Go to the home page
          </Anchor>
        </Alert>
      ) : (
        <ReceiptCard receipt={receipt.data} />
      )}
    </Container>
  );
}
