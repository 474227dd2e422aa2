import { LABELS, partnerCapabilities, type PartnerPublic } from '@kinship/domain';

export interface SiteLink {
  label: string;
  to: string;
}

type LinkPartner = Pick<PartnerPublic, 'partnerSponsoredTypes' | 'partnerFeatures'>;

/** One listing per active sponsored type, labelled with its plural label. */
export function sponsoredTypeLinks(partner: Pick<PartnerPublic, 'partnerSponsoredTypes'>): SiteLink[] {
  return partner.partnerSponsoredTypes
    .filter((type) => type.active)
    .map((type) => ({
      label: type.customLabelPlural,
      to: `/sponsored/board/${encodeURIComponent(type.identifier)}`,
    }));
}

/** The Sponsor dropdown: the listings, then the gift, trial and general-giving pages the partner offers. */
export function sponsorMenuLinks(
  partner: LinkPartner,
  labels: Record<'giftSponsorship' | 'redeemGift' | 'redeemTrial' | 'generalGiving', string> = LABELS,
): SiteLink[] {
  const { gifts, trials, generalDonations } = partnerCapabilities(partner);
  return [
    ...sponsoredTypeLinks(partner),
    ...(gifts
      ? [
          { label: labels.giftSponsorship, to: '/gift' },
          { label: labels.redeemGift, to: '/redeem' },
        ]
      : []),
    ...(trials ? [{ label: labels.redeemTrial, to: '/redeemtrial' }] : []),
    ...(generalDonations ? [{ label: labels.generalGiving, to: '/donate' }] : []),
  ];
}

/** The Donate and Gift shortcut buttons, each when its capability is on. */
export function shortcutLinks(
  partner: LinkPartner,
  labels: Record<'donate' | 'gift', string> = LABELS,
): SiteLink[] {
  const { gifts, generalDonations } = partnerCapabilities(partner);
  return [
    ...(generalDonations ? [{ label: labels.donate, to: '/donate' }] : []),
    ...(gifts ? [{ label: labels.gift, to: '/gift' }] : []),
  ];
}

export interface SocialLink {
  network: 'facebook' | 'instagram' | 'twitter';
  label: string;
  href: string;
}

const NETWORK_NAMES = { facebook: 'Facebook', instagram: 'Instagram', twitter: 'Twitter' } as const;

/** The partner's social profiles that are set (web addresses only). */
export function socialLinks(
  partner: Pick<PartnerPublic, 'name' | 'facebook' | 'instagram' | 'twitter'>,
): SocialLink[] {
  return (['facebook', 'instagram', 'twitter'] as const).flatMap((network) => {
    const href = partner[network]?.trim();
    if (!href || !/^https?:\/\//i.test(href)) return [];
    return [{ network, label: `${partner.name} on ${NETWORK_NAMES[network]}`, href }];
  });
}
