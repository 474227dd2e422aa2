import type { ReactNode } from 'react';

export interface HelpIconProps {
  title?: string | undefined;
  tip: ReactNode;
}

/** The help button's accessible name: "Help: {title}", or "Help". */
export const helpIconLabel = (title: string | undefined) => (title ? `Help: ${title}` : 'Help');
