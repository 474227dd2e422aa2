import { defineMessages } from 'react-intl';

/** The link page's spec text (domain LINK_CODE_FORMAT_MESSAGE); messages.test.ts holds the English equal to it. */
export const linkMessages = defineMessages({
  codeFormat: {
    id: 'link.codeFormat',
    defaultMessage:
      'A link code has 10 letters and digits, like K7MQP-3XWRT. It never uses 0, 1, I, L or O: these look alike, so they are left out.',
  },
});
