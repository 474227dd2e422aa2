import { ActionIcon } from '@mantine/core';
import { useIntl } from 'react-intl';
import { lazyNamed } from '../lib/lazy-with-timeout';
import { DeferredMenu } from './deferred-menu';
import { helpIconLabel, type HelpIconProps } from './help-label';
import { HelpIconGlyph } from './icons';

const loadHelpIcon = () => import('./help-icon');
const HelpIcon = lazyNamed(loadHelpIcon, 'HelpIcon');

/**
 * The help icon of SPEC section 2 where a donor hesitates. The popover's code (floating layer) loads
 * on first hover, focus or click, so public pages do not carry it: the stand-in looks the same.
 */
export function HelpTip({ title, tip }: HelpIconProps) {
  const intl = useIntl();
  return (
    <DeferredMenu
      preload={() => void loadHelpIcon()}
      stub={(props) => (
        <ActionIcon
          variant="subtle"
          color="gray.8"
          radius="xl"
          aria-label={helpIconLabel(intl, title)}
          {...props}
          aria-haspopup="dialog"
        >
          <HelpIconGlyph size={18} />
        </ActionIcon>
      )}
      menu={<HelpIcon title={title} tip={tip} openOnArrival />}
    />
  );
}
