import { givingSubscribers } from './areas/giving/giving.events.ts';
import { peopleSubscribers } from './areas/people/people.events.ts';
import { recordsSubscribers } from './areas/records/records.events.ts';
import { sponsorshipsSubscribers } from './areas/sponsorships/sponsorships.events.ts';
import type { AnyEventSubscriber } from './platform/events.ts';

/**
 * Every subscriber of the domain events (decision 063), registered at start-up: the prompt
 * dispatch after each emitting transaction (`installEventBus` in app.ts) and the events.dispatch
 * job both run this list. Areas own their subscribers (`areas/<area>/<area>.events.ts`).
 */
export const EVENT_SUBSCRIBERS: readonly AnyEventSubscriber[] = [
  ...givingSubscribers,
  ...peopleSubscribers,
  ...recordsSubscribers,
  ...sponsorshipsSubscribers,
];

const names = new Set(EVENT_SUBSCRIBERS.map((s) => s.name));
if (names.size !== EVENT_SUBSCRIBERS.length) throw new Error('Two event subscribers share a name.');
