import { Alert, Anchor, Button, Container, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PDF_DOWNLOAD_FILE_NAME, type Receipt } from '@kinship/domain';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useLabels } from '../../../i18n/labels';
import { useFormat } from '../../../i18n/use-format';
import { mediaUrl } from '../../../lib/api-client';
import { usePartner } from '../../../shared/partner/partner-context';
import { receiptPdfUrl, useReceipt } from '../api/get-receipt';
import { useReceiptAmount } from '../use-receipt-amount';

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
  const intl = useIntl();
  const labels = useLabels();
  const format = useFormat();
  const amount = useReceiptAmount();
  const logo = mediaUrl(partner.logo);
  const intervalNames = { month: labels.monthly, year: labels.annual };
  return (
    <Paper withBorder radius="md" p="xl" component="article" aria-labelledby="receipt-title">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} size="h2" id="receipt-title">
              <FormattedMessage id="receipt.title" defaultMessage="Receipt" />
            </Title>
            <Text c="dimmed">{receipt.partnerName}</Text>
          </div>
          {logo && <img src={logo} alt={receipt.partnerName} style={{ maxHeight: 56, maxWidth: 180 }} />}
        </Group>
        <Text size="xl" fw={700} data-testid="receipt-amount">
          {amount(receipt.amount, receipt.currency)}
        </Text>
        <Stack gap="xs">
          <ReceiptRow label={intl.formatMessage({ id: 'receipt.for', defaultMessage: 'For' })}>
            {receipt.description}
          </ReceiptRow>
          {receipt.kind === 'subscription' && receipt.interval && (
            <ReceiptRow label={intl.formatMessage({ id: 'receipt.interval', defaultMessage: 'Interval' })}>
              {intervalNames[receipt.interval]}
            </ReceiptRow>
          )}
          <ReceiptRow label={intl.formatMessage({ id: 'receipt.date', defaultMessage: 'Date' })}>
            {format.date(receipt.date)}
          </ReceiptRow>
          {receipt.donorName && (
            <ReceiptRow
              label={intl.formatMessage({ id: 'receipt.receivedFrom', defaultMessage: 'Received from' })}
            >
              {receipt.donorName}
            </ReceiptRow>
          )}
          <ReceiptRow label={intl.formatMessage({ id: 'receipt.number', defaultMessage: 'Receipt number' })}>
            {receipt.code}
          </ReceiptRow>
          {receipt.refunds.map((refund, i) => (
            <ReceiptRow
              key={`${refund.date}-${i}`}
              label={intl.formatMessage(
                { id: 'receipt.refundedOn', defaultMessage: 'Refunded on {date}' },
                { date: format.date(refund.date) },
              )}
            >
              {amount(refund.amount, receipt.currency)}
            </ReceiptRow>
          ))}
          {receipt.refundedAmount > 0 && (
            <ReceiptRow label={intl.formatMessage({ id: 'receipt.netAmount', defaultMessage: 'Net amount' })}>
              <span data-testid="receipt-net-amount">
                {amount(receipt.amount - receipt.refundedAmount, receipt.currency)}
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
            <FormattedMessage id="receipt.downloadPdf" defaultMessage="Download PDF" />
          </Button>
          <Button variant="default" onClick={() => window.print()}>
            <FormattedMessage id="receipt.print" defaultMessage="Print" />
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /receipts/{code}: the branded receipt of one payment, with its PDF. */
export function ReceiptPage() {
  const { code = '' } = useParams();
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'receipt.title', defaultMessage: 'Receipt' }));
  const receipt = useReceipt(code);
  return (
    <Container size="sm" py="xl">
      {receipt.isPending ? (
        <LoadingScreen
          message={intl.formatMessage({ id: 'receipt.loading', defaultMessage: 'Loading your receipt' })}
        />
      ) : receipt.isError ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={intl.formatMessage({
            id: 'receipt.loadFailed',
            defaultMessage: 'This receipt could not be shown',
          })}
        >
          <Text size="sm">{receipt.error.message}</Text>
          <Anchor component={Link} to="/" size="sm">
            <FormattedMessage id="receipt.goHome" defaultMessage="Go to the home page" />
          </Anchor>
        </Alert>
      ) : (
        <ReceiptCard receipt={receipt.data} />
      )}
    </Container>
  );
}
