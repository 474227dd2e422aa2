// The catalogue's compiled parts (vite.config.ts, catalogueModules): message id to parsed message.
declare module 'virtual:kinship-messages/*' {
  import type { MessageFormatElement } from 'react-intl';
  const messages: Record<string, MessageFormatElement[]>;
  export default messages;
}
