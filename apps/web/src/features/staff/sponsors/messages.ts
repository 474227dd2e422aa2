import { defineMessages } from 'react-intl';
import { loose } from '../../../i18n/loose-messages';

/** The Sponsors section's texts: the list, a person's page, the manual sponsorship form and the actions. */
export const sponsorMessages = loose(
  defineMessages({
    title: { id: 'staff.sponsors.title', defaultMessage: 'Sponsors' },
    back: { id: 'staff.sponsors.back', defaultMessage: '← Sponsors' },
    intro: {
      id: 'staff.sponsors.intro',
      defaultMessage:
        'Everyone who sponsors or gives here, with their sponsorships, payments and saved card. Open a person for the timeline of their giving, to end or move a sponsorship, or to record one paid offline.',
    },
    recordManual: { id: 'staff.sponsors.recordManual', defaultMessage: 'Record a manual sponsorship' },
    recordManualFor: {
      id: 'staff.sponsors.recordManualFor',
      defaultMessage: 'Record a manual sponsorship for {name}',
    },
    unnamed: { id: 'staff.sponsors.unnamed', defaultMessage: 'Unnamed' },
    account: { id: 'staff.sponsors.account', defaultMessage: 'Account' },
    savedMethod: { id: 'staff.sponsors.savedMethod', defaultMessage: '{brand} •••• {last4}' },
    savedMethodExpiring: {
      id: 'staff.sponsors.savedMethodExpiring',
      defaultMessage: '{brand} •••• {last4} · exp. {expiry}',
    },
    defaultMethod: { id: 'staff.sponsors.defaultMethod', defaultMessage: '{method} (default)' },
    sponsoringMore: { id: 'staff.sponsors.sponsoringMore', defaultMessage: '{shown} and {more} more' },
    columnName: { id: 'staff.sponsors.column.name', defaultMessage: 'Name' },
    columnEmail: { id: 'staff.sponsors.column.email', defaultMessage: 'Email' },
    columnPhone: { id: 'staff.sponsors.column.phone', defaultMessage: 'Phone' },
    columnCity: { id: 'staff.sponsors.column.city', defaultMessage: 'City' },
    columnSponsoring: { id: 'staff.sponsors.column.sponsoring', defaultMessage: 'Sponsoring' },
    columnPaid: { id: 'staff.sponsors.column.paid', defaultMessage: 'Paid' },
    columnLastPayment: { id: 'staff.sponsors.column.lastPayment', defaultMessage: 'Last payment' },
    columnSavedMethod: { id: 'staff.sponsors.column.savedMethod', defaultMessage: 'Saved method' },
    columnDate: { id: 'staff.sponsors.column.date', defaultMessage: 'Date' },
    columnWhat: { id: 'staff.sponsors.column.what', defaultMessage: 'What' },
    columnAmount: { id: 'staff.sponsors.column.amount', defaultMessage: 'Amount' },
    noAccountYet: { id: 'staff.sponsors.noAccountYet', defaultMessage: 'no account yet' },
    offlineCount: { id: 'staff.sponsors.offlineCount', defaultMessage: '{count} offline' },
    endedCount: { id: 'staff.sponsors.endedCount', defaultMessage: '{count} ended' },
    paymentCount: {
      id: 'staff.sponsors.paymentCount',
      defaultMessage: '{count, plural, one {# payment} other {# payments}}',
    },
    search: { id: 'staff.sponsors.search', defaultMessage: 'Search name, email and phone' },
    empty: { id: 'staff.sponsors.empty', defaultMessage: 'No sponsors or donors here.' },
    filterWho: { id: 'staff.sponsors.filter.who', defaultMessage: 'Who' },
    filterActive: { id: 'staff.sponsors.filter.active', defaultMessage: 'Sponsoring now' },
    filterManual: { id: 'staff.sponsors.filter.manual', defaultMessage: 'Paid offline' },
    filterEnded: { id: 'staff.sponsors.filter.ended', defaultMessage: 'Sponsored before' },
    filterDonor: { id: 'staff.sponsors.filter.donor', defaultMessage: 'Donors only' },
    statusEnded: { id: 'staff.sponsors.status.ended', defaultMessage: 'ended' },
    statusOffline: { id: 'staff.sponsors.status.offline', defaultMessage: 'paid offline' },
    statusActive: { id: 'staff.sponsors.status.active', defaultMessage: 'active' },
    slotCount: {
      id: 'staff.sponsors.slotCount',
      defaultMessage: '{count, plural, one {# slot} other {# slots}}',
    },
    amountPerInterval: {
      id: 'staff.sponsors.amountPerInterval',
      defaultMessage: '{amount}/{interval, select, month {month} year {year} other {{interval}}}',
    },
    since: { id: 'staff.sponsors.since', defaultMessage: 'Since {start}' },
    sinceUntil: { id: 'staff.sponsors.sinceUntil', defaultMessage: 'Since {start} until {end}' },
    linkCode: { id: 'staff.sponsors.linkCode', defaultMessage: 'Link code (not used yet): <b>{code}</b>' },
    notFound: { id: 'staff.sponsors.notFound', defaultMessage: 'This person was not found.' },
    knownSince: { id: 'staff.sponsors.knownSince', defaultMessage: 'Has an account · known since {date}' },
    knownSinceTemp: {
      id: 'staff.sponsors.knownSinceTemp',
      defaultMessage: 'No account yet (recorded by staff) · known since {date}',
    },
    contact: { id: 'staff.sponsors.contact', defaultMessage: 'Contact' },
    given: { id: 'staff.sponsors.given', defaultMessage: 'Given' },
    sponsorshipCounts: {
      id: 'staff.sponsors.sponsorshipCounts',
      defaultMessage:
        '{active} active, {ended} ended {total, plural, one {sponsorship} other {sponsorships}}',
    },
    savedMethods: { id: 'staff.sponsors.savedMethods', defaultMessage: 'Saved methods' },
    none: { id: 'staff.sponsors.none', defaultMessage: 'None' },
    sponsorships: { id: 'staff.sponsors.sponsorships', defaultMessage: 'Sponsorships' },
    noSponsorships: { id: 'staff.sponsors.noSponsorships', defaultMessage: 'No sponsorships.' },
    giving: { id: 'staff.sponsors.giving', defaultMessage: 'Giving' },
    nothingYet: { id: 'staff.sponsors.nothingYet', defaultMessage: 'Nothing yet.' },
    timelineWhenAmount: { id: 'staff.sponsors.timelineWhenAmount', defaultMessage: '{date} · {amount}' },
    searchGiving: { id: 'staff.sponsors.searchGiving', defaultMessage: 'Search giving' },
    recordOption: {
      id: 'staff.sponsors.recordOption',
      defaultMessage: '{name} · {code} · {program} · {filled} of {max} filled',
    },
    recordSearch: { id: 'staff.sponsors.recordSearch', defaultMessage: 'Search by name or code' },
    searching: { id: 'staff.sponsors.searching', defaultMessage: 'Searching…' },
    noRecordMatches: { id: 'staff.sponsors.noRecordMatches', defaultMessage: 'No record matches' },
    manualRecorded: { id: 'staff.sponsors.manual.recorded', defaultMessage: 'Manual sponsorship recorded' },
    manualRecordedBody: {
      id: 'staff.sponsors.manual.recordedBody',
      defaultMessage:
        '{name} ({slots, plural, one {# slot} other {# slots}}) is now sponsored, paid offline. We emailed the sponsor this link code:',
    },
    manualRecordedHow: {
      id: 'staff.sponsors.manual.recordedHow',
      defaultMessage:
        'They enter it at /link after signing in or signing up, to see the sponsorship in their account and pay it by card if they wish.',
    },
    done: { id: 'staff.sponsors.manual.done', defaultMessage: 'Done' },
    recordSubmit: { id: 'staff.sponsors.manual.submit', defaultMessage: 'Record sponsorship' },
    sponsorIs: { id: 'staff.sponsors.manual.sponsor', defaultMessage: 'Sponsor: <b>{name}</b>' },
    firstName: { id: 'staff.sponsors.manual.firstName', defaultMessage: 'First name' },
    lastName: { id: 'staff.sponsors.manual.lastName', defaultMessage: 'Last name' },
    email: { id: 'staff.sponsors.manual.email', defaultMessage: 'Email' },
    emailHelp: {
      id: 'staff.sponsors.manual.emailHelp',
      defaultMessage: 'An existing sponsor with this email is used; otherwise a temporary account is made.',
    },
    sponsoredType: { id: 'staff.sponsors.manual.type', defaultMessage: 'Sponsored type' },
    record: { id: 'staff.sponsors.manual.record', defaultMessage: 'Record' },
    slots: { id: 'staff.sponsors.manual.slots', defaultMessage: 'Slots' },
    manualHelp: {
      id: 'staff.sponsors.manual.help',
      defaultMessage:
        'The sponsor is emailed a link code to attach this sponsorship to their account at /link.',
    },
    giveReason: { id: 'staff.sponsors.action.giveReason', defaultMessage: 'Give the reason.' },
    chooseTarget: {
      id: 'staff.sponsors.action.chooseTarget',
      defaultMessage: 'Choose the record the sponsorship moves to.',
    },
    move: { id: 'staff.sponsors.action.move', defaultMessage: 'Move' },
    end: { id: 'staff.sponsors.action.end', defaultMessage: 'End' },
    endTitle: { id: 'staff.sponsors.action.endTitle', defaultMessage: 'End the sponsorship of {name}?' },
    moveTitle: { id: 'staff.sponsors.action.moveTitle', defaultMessage: 'Move the sponsorship of {name}' },
    endExplain: {
      id: 'staff.sponsors.action.endExplain',
      defaultMessage:
        'The {slots, plural, one {slot is} other {slots are}} freed and the sponsor is told by email with your reason.',
    },
    endExplainPaid: {
      id: 'staff.sponsors.action.endExplainPaid',
      defaultMessage:
        'The {slots, plural, one {slot is} other {slots are}} freed and the sponsor is told by email with your reason. Its card payments stop: the subscription is canceled at the payment provider, or charged less if it pays for other sponsorships too.',
    },
    moveExplain: {
      id: 'staff.sponsors.action.moveExplain',
      defaultMessage:
        'Choose another {type} with an open slot. The sponsor keeps the same slots and payments and is told by email.',
    },
    moveTo: { id: 'staff.sponsors.action.moveTo', defaultMessage: 'Move to' },
    reason: { id: 'staff.sponsors.action.reason', defaultMessage: 'Reason' },
    reasonHelp: { id: 'staff.sponsors.action.reasonHelp', defaultMessage: 'Told to the sponsor' },
    reasonHelpMove: {
      id: 'staff.sponsors.action.reasonHelpMove',
      defaultMessage: 'Told to the sponsor, e.g. "has left the program"',
    },
    cancel: { id: 'staff.sponsors.action.cancel', defaultMessage: 'Cancel' },
    endSubmit: { id: 'staff.sponsors.action.endSubmit', defaultMessage: 'End sponsorship' },
    moveSubmit: { id: 'staff.sponsors.action.moveSubmit', defaultMessage: 'Move sponsorship' },
  }),
);
