import { useCallback } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { loose } from '../../../i18n/loose-messages';
import { useFormat } from '../../../i18n/use-format';

/** An update's status as staff read it. */
export const statusMessages = loose(
  defineMessages({
    draft: { id: 'staff.updates.status.draft', defaultMessage: 'Draft' },
    scheduled: { id: 'staff.updates.status.scheduled', defaultMessage: 'Scheduled' },
    sent: { id: 'staff.updates.status.sent', defaultMessage: 'Sent' },
  }),
);

/**
 * A distribution time as the page's language writes it: the date (en-US MM/DD/YYYY, fr-CA
 * YYYY-MM-DD) and the hour, in the person's own time zone; nothing for no time.
 */
export function useWhenText(): (iso: string | null) => string {
  const intl = useIntl();
  const format = useFormat();
  return useCallback(
    (iso: string | null) => {
      if (!iso) return '';
      const date = new Date(iso);
      return `${format.date(date)} ${intl.formatTime(date, { hour: 'numeric', minute: '2-digit' })}`;
    },
    [intl, format],
  );
}
