import type { ReactNode } from 'react';
import type { IntlShape } from 'react-intl';

export interface HelpIconProps {
  title?: string | undefined;
  tip: ReactNode;
}

/** The help button's accessible name: "Help: {title}", or "Help". */
export const helpIconLabel = (intl: IntlShape, title: string | undefined) =>
  title
    ? intl.formatMessage({ id: 'help.labelTitled', defaultMessage: 'Help: {title}' }, { title })
    : intl.formatMessage({ id: 'help.label', defaultMessage: 'Help' });
