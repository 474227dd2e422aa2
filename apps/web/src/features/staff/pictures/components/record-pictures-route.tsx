import { sponsoredRecordName } from '@kinship/domain';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../../hooks/use-page-title';
import { recordQueryOptions } from '../../../../shared/records/record-queries';
import { RecordPicturesPanel } from './record-pictures-panel';

/** /dashboard/records/:id/pictures: the panel on a page of its own, titled with the record's name and code. */
export function RecordPicturesRoute() {
  const intl = useIntl();
  const { id } = useParams();
  const sponsoredsId = Number(id);
  const valid = Number.isInteger(sponsoredsId) && sponsoredsId > 0;
  const record = useQuery({ ...recordQueryOptions(sponsoredsId), enabled: valid });
  const heading = record.data
    ? intl.formatMessage(
        { id: 'staff.pictures.of', defaultMessage: 'Pictures of {name} ({code})' },
        {
          name: sponsoredRecordName(
            record.data,
            intl.formatMessage({ id: 'staff.pictures.thisRecord', defaultMessage: 'this record' }),
          ),
          code: record.data.code,
        },
      )
    : intl.formatMessage({ id: 'staff.pictures.title', defaultMessage: 'Pictures' });
  usePageTitle(heading);
  if (!valid)
    return (
      <Text role="alert">
        <FormattedMessage id="staff.pictures.noRecord" defaultMessage="This record does not exist." />
      </Text>
    );
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/dashboard/records">
        <FormattedMessage id="staff.pictures.backToRecords" defaultMessage="← Records" />
      </Anchor>
      <Title order={1}>{heading}</Title>
      <RecordPicturesPanel sponsoredsId={sponsoredsId} />
    </Stack>
  );
}
