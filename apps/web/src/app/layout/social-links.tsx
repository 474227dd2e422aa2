import { ActionIcon, Group, type GroupProps } from '@mantine/core';
import type { PartnerPublic } from '@kinship/domain';
import { FacebookIcon, InstagramIcon, TwitterIcon } from '../../components/icons';
import { socialLinks } from '../../shared/partner/site-links';

const ICONS = { facebook: FacebookIcon, instagram: InstagramIcon, twitter: TwitterIcon };

/** The partner's social profiles that are set; nothing when none is. */
export function SocialLinks({ partner, ...groupProps }: { partner: PartnerPublic } & GroupProps) {
  const links = socialLinks(partner);
  if (links.length === 0) return null;
  return (
    <Group gap={4} wrap="nowrap" {...groupProps}>
      {links.map(({ network, label, href }) => {
        const Icon = ICONS[network];
        return (
          <ActionIcon
            key={network}
            component="a"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            variant="subtle"
            color="gray.8"
            size="lg"
          >
            <Icon size={18} />
          </ActionIcon>
        );
      })}
    </Group>
  );
}
