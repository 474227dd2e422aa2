import {
  PartnerSetting,
  partnerSettingText,
  type GridLayout,
  type PartnerSponsoredType,
  type SponsoredSummary,
} from '@kinship/domain';
import type { SyntheticEvent } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LockIcon } from '../../../components/icons';
import { labelMessages } from '../../../i18n/labels';
import { useFormat } from '../../../i18n/use-format';
import { mediaUrl } from '../../../lib/api-client';
import { usePartner } from '../../../shared/partner/partner-context';
import { DEFAULT_PROFILE_IMAGE, customSlotName, sponsoredName } from '../utils/sponsored-display';
import classes from './sponsored-card.module.css';

export interface SponsoredCardProps {
  sponsored: SponsoredSummary;
  type: PartnerSponsoredType;
  layout: GridLayout;
}

const messages = defineMessages({
  masked: { id: 'listing.card.masked', defaultMessage: 'Masked profile' },
});

/** Falls back to the default picture once when a stored picture cannot be loaded. */
function showDefaultPicture(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (!img.src.endsWith(DEFAULT_PROFILE_IMAGE)) img.src = DEFAULT_PROFILE_IMAGE;
}

/**
 * One profile on the listing: picture, name, age, grade, program, price and slots; links to the
 * profile. Plain elements styled by a CSS module: a page renders 25 at once, and Mantine's
 * components would compute their styles per card (the listing's main-thread cost).
 */
export function SponsoredCard({ sponsored, type, layout }: SponsoredCardProps) {
  const partner = usePartner();
  const intl = useIntl();
  const format = useFormat();
  const slot = customSlotName(type);
  return (
    <Link to={`/sponsored/profile/${sponsored.id}`} className={classes.card} data-layout={layout}>
      <img
        className={classes.picture}
        src={mediaUrl(sponsored.profileImagePath) ?? DEFAULT_PROFILE_IMAGE}
        onError={showDefaultPicture}
        alt=""
        decoding="async"
      />
      <div className={classes.details}>
        <div className={classes.name}>
          <h2>{sponsoredName(sponsored)}</h2>
          {sponsored.masked && (
            <LockIcon
              role="img"
              aria-label={intl.formatMessage(messages.masked)}
              aria-hidden={false}
              size={18}
              className={classes.lock}
            />
          )}
        </div>
        {sponsored.age !== null && (
          <p className={classes.dimmed}>
            <FormattedMessage
              id="listing.card.age"
              defaultMessage="Age: {age}"
              values={{ age: sponsored.age }}
            />
          </p>
        )}
        {sponsored.grades && (
          <p className={classes.dimmed}>
            <FormattedMessage
              id="listing.card.grade"
              defaultMessage="Grade: {grade}"
              values={{ grade: sponsored.grades.description }}
            />
          </p>
        )}
        <p className={classes.dimmed}>
          <FormattedMessage
            id="listing.card.program"
            defaultMessage="{label}: {name}"
            values={{
              // The partner's program label (setting 3), else the spec's 'Program' in the page's language.
              label: partnerSettingText(
                partner,
                PartnerSetting.ProgramLabel,
                intl.formatMessage(labelMessages.tabProgram),
              ),
              name: sponsored.entities.name,
            }}
          />
        </p>
        <p className={classes.price}>
          <FormattedMessage
            id="listing.card.perMonth"
            defaultMessage="{amount}/month"
            values={{ amount: format.cents(sponsored.monthlyAmount) }}
          />
        </p>
        {type.showSlots && (
          <p className={classes.slots}>
            {slot ? (
              <FormattedMessage
                id="listing.card.customSlotsFilled"
                defaultMessage="{filled} of {max} {slot}s filled"
                values={{ filled: sponsored.slotsFilled, max: sponsored.maxSlots, slot }}
              />
            ) : (
              // The spec's default slot name, DEFAULT_SLOT_NAME ('Slot'); a test holds them equal.
              <FormattedMessage
                id="listing.card.slotsFilled"
                defaultMessage="{filled} of {max} Slots filled"
                values={{ filled: sponsored.slotsFilled, max: sponsored.maxSlots }}
              />
            )}
          </p>
        )}
      </div>
    </Link>
  );
}
