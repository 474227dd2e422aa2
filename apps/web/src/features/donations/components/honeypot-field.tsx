import type { CSSProperties } from 'react';
import { FormattedMessage } from 'react-intl';

const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: 1,
  height: 1,
  overflow: 'hidden',
};

/**
 * A field people never see or reach (off screen, hidden from assistive technology, out of the tab
 * order, never autofilled); form-filling bots do fill it, and the server refuses the request then.
 */
export function HoneypotField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div style={VISUALLY_HIDDEN} aria-hidden="true">
      <label htmlFor="donation-website">
        <FormattedMessage id="donate.honeypot" defaultMessage="Website" />
      </label>
      <input
        id="donation-website"
        type="text"
        name="website"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}
