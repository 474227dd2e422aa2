import { hasCardBrandIcon, type CardBrandWithIcon, type PaymentMethod } from '@kinship/domain';
import type { ReactNode } from 'react';

/**
 * Small inline brand marks for the saved-method labels (no image requests, no icon library). They
 * are decorative: the description next to them names the brand.
 */
/** The brands' own letters, drawn as part of their logos (the same in every language). */
const WORDMARKS = { visa: 'VISA', amex: 'AMEX', disc: 'DISC', ver: 'VER', jcb: 'JCB' } as const;

const BRAND_MARKS: Record<CardBrandWithIcon, ReactNode> = {
  visa: (
    <>
      <rect width="38" height="24" rx="3" fill="#1a1f71" />
      <text
        x="19"
        y="16.5"
        textAnchor="middle"
        fill="#fff"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="10.5"
        fontStyle="italic"
        fontWeight="700"
        letterSpacing=".5"
      >
        {WORDMARKS.visa}
      </text>
    </>
  ),
  mastercard: (
    <>
      <rect width="38" height="24" rx="3" fill="#252525" />
      <circle cx="15" cy="12" r="7" fill="#eb001b" />
      <circle cx="23" cy="12" r="7" fill="#f79e1b" />
      <path d="M19 6.4a7 7 0 0 1 0 11.2 7 7 0 0 1 0-11.2Z" fill="#ff5f00" />
    </>
  ),
  amex: (
    <>
      <rect width="38" height="24" rx="3" fill="#2e77bc" />
      <text
        x="19"
        y="15.5"
        textAnchor="middle"
        fill="#fff"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="8.5"
        fontWeight="700"
      >
        {WORDMARKS.amex}
      </text>
    </>
  ),
  discover: (
    <>
      <rect x=".5" y=".5" width="37" height="23" rx="2.5" fill="#fff" stroke="#c9ced6" />
      <path d="M15 23.5 37.5 12v9a2.5 2.5 0 0 1-2.5 2.5Z" fill="#f48120" />
      <text
        x="17"
        y="14"
        textAnchor="middle"
        fill="#231f20"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="6"
        fontWeight="700"
      >
        {WORDMARKS.disc}
      </text>
      <circle cx="25.5" cy="12" r="2.6" fill="#f48120" />
      <text
        x="28.5"
        y="14"
        fill="#231f20"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="6"
        fontWeight="700"
      >
        {WORDMARKS.ver}
      </text>
    </>
  ),
  jcb: (
    <>
      <rect x=".5" y=".5" width="37" height="23" rx="2.5" fill="#fff" stroke="#c9ced6" />
      <rect x="7" y="4" width="8" height="16" rx="2.5" fill="#0e4c96" />
      <rect x="15" y="4" width="8" height="16" rx="2.5" fill="#e21836" />
      <rect x="23" y="4" width="8" height="16" rx="2.5" fill="#00a94f" />
      <text
        x="19"
        y="14.5"
        textAnchor="middle"
        fill="#fff"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="7"
        fontWeight="700"
      >
        {WORDMARKS.jcb}
      </text>
    </>
  ),
};

const GENERIC_CARD = (
  <>
    <rect x=".5" y=".5" width="37" height="23" rx="2.5" fill="#f1f3f5" stroke="#adb5bd" />
    <rect x="1" y="5" width="36" height="4" fill="#868e96" />
    <rect x="5" y="15" width="12" height="3" rx="1" fill="#adb5bd" />
  </>
);

const BANK = (
  <>
    <rect x=".5" y=".5" width="37" height="23" rx="2.5" fill="#f1f3f5" stroke="#adb5bd" />
    <path d="M19 4 10 8.5h18Z" fill="#495057" />
    <path d="M12 10h2v7h-2zM18 10h2v7h-2zM24 10h2v7h-2z" fill="#495057" />
    <rect x="10" y="18" width="18" height="2" fill="#495057" />
  </>
);

/** The mark of a method: its card brand (visa, mastercard, amex, discover, jcb), a plain card, or a bank. */
export function PaymentMethodIcon({
  method,
  width = 38,
}: {
  method: Pick<PaymentMethod, 'type' | 'card'>;
  width?: number;
}) {
  const brand = method.card?.brand?.toLowerCase();
  const kind = method.type !== 'card' ? 'bank' : hasCardBrandIcon(brand) ? brand : 'card';
  const mark = kind === 'bank' ? BANK : kind === 'card' ? GENERIC_CARD : BRAND_MARKS[kind];
  return (
    <svg
      width={width}
      height={(width * 24) / 38}
      viewBox="0 0 38 24"
      aria-hidden="true"
      focusable="false"
      data-brand={kind}
      style={{ flex: 'none', display: 'block' }}
    >
      {mark}
    </svg>
  );
}
