import type { MessageDescriptor } from 'react-intl';

export interface AppMessage extends MessageDescriptor {
  id: string;
  defaultMessage: string;
}

/**
 * react-intl's defineMessages with untyped values: react-intl 12 types every
 * descriptor from defineMessages as taking no values unless each message's
 * value types are spelled out, which would make `{count, plural, …}` messages
 * unusable with formatMessage. Same runtime behaviour (identity) and the same
 * name, so formatjs tooling still finds the messages.
 */
export function defineMessages<K extends string>(messages: Record<K, AppMessage>): Record<K, AppMessage> {
  return messages;
}
