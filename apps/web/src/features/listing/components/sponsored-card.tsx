import {
  formatCents,
  programLabel,
  type GridLayout,
  type PartnerSponsoredType,
  type SponsoredSummary,
} from '@kinship/domain';
import type { SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { LockIcon } from '../../../components/icons';
import { mediaUrl } from '../../../lib/api-client';
import { usePartner } from '../../../shared/partner/partner-context';
import { DEFAULT_PROFILE_IMAGE, slotsFilledText, sponsoredName } from '../utils/sponsored-display';
import classes from './sponsored-card.module.css';

export interface SponsoredCardProps {
  sponsored: SponsoredSummary;
  type: PartnerSponsoredType;
  layout: GridLayout;
}

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
              aria-label="Masked profile"
              aria-hidden={false}
              size={18}
              className={classes.lock}
            />
          )}
        </div>
        {sponsored.age !== null && <p className={classes.dimmed}>Age: {sponsored.age}</p>}
        {sponsored.grades && <p className={classes.dimmed}>Grade: {sponsored.grades.description}</p>}
        <p className={classes.dimmed}>
          {programLabel(partner)}: {sponsored.entities.name}
        </p>
        <p className={classes.price}>{formatCents(sponsored.monthlyAmount)}/month</p>
        {type.showSlots && <p className={classes.slots}>{slotsFilledText(sponsored, type)}</p>}
      </div>
    </Link>
  );
}
