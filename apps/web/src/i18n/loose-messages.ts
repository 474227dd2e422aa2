import type { MessageDescriptor } from 'react-intl';

export type LooseMessage = MessageDescriptor & { id: string };

/**
 * A `defineMessages` set whose messages take values: react-intl types a defined message's values
 * as none unless they are spelled out by hand, so this drops that typing (the catalogue check
 * still holds every translation to its English's placeholders). Wrap the call:
 * `loose(defineMessages({ ... }))`, so extraction and the build still see `defineMessages`.
 */
export function loose<T extends Record<string, MessageDescriptor & { id: string }>>(
  messages: T,
): { readonly [K in keyof T]: LooseMessage } {
  return messages;
}
