import { randomUUID } from 'node:crypto';
import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import Mustache from 'mustache';
import {
  EMAIL_TEMPLATE_KINDS,
  formatCentsIn,
  formatDateIn,
  isLocale,
  partnerLocales,
  type Locale,
  emailTemplateInputSchema,
  Feature,
  ERRORS,
  type EmailPreview,
  type EmailTemplate,
  type EmailTemplateKind,
  type EmailTemplatesAnswer,
} from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import type { PartnerRow, Queryable } from '../../../db/types.ts';
import { requireAccess } from '../../../platform/access.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import { badRequest, fieldErrors, refuse } from '../../../platform/errors.ts';
import { sayIn } from '../../../platform/messages.ts';
import { parseInput } from '../../../platform/parse-input.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import {
  deleteTemplate,
  findTemplate,
  findTemplates,
  findTemplateVersions,
  hasFeature,
  upsertTemplate,
} from './email-templates.repository.ts';
import { queueOutboxMessage } from '../../../platform/messaging/outbox.ts';

/*
 * Partner email templates (feature 12, decision 044). A template is a subject and a plain-text
 * body in mustache's logic-less syntax, limited to {{name}} tags from its kind's placeholder list:
 * no sections, inverted sections, partials, unescaped tags or delimiter changes, so a template
 * cannot loop, include, run anything or reach any value but the few strings it is given. The
 * values are plain strings in an object without a prototype. The HTML part is the rendered text
 * with EVERYTHING escaped (the staff's words and the values alike), cut into paragraphs, with
 * http(s) addresses made links, inside the partner's branded frame.
 */

interface Placeholder {
  name: string;
  description: string;
  sample: string;
}

interface KindDefinition {
  label: string;
  sentWhen: string;
  placeholders: Placeholder[];
  /** The built-in wording (decision 073): catalogue messages whose arguments are the placeholders. */
  defaultSubject: MessageDescriptor;
  /** Its paragraphs, joined by an empty line. */
  defaultBody: MessageDescriptor[];
}

/**
 * The built-in wording of each kind in the catalogue, so a recipient without the partner's own
 * version gets it in their language. The ICU arguments are the template's placeholders: the
 * wording in a locale is the message formatted with each argument as its `{{name}}` tag.
 */
export const templateDefaultMessages = defineMessages({
  receiptSubject: { id: 'mail.template.receipt.subject', defaultMessage: 'Your receipt from {partnerName}' },
  receiptBodyP1: { id: 'mail.template.receipt.body.p1', defaultMessage: 'Dear {donorName},' },
  receiptBodyP2: {
    id: 'mail.template.receipt.body.p2',
    defaultMessage: 'Thank you for your gift of {amount} to {partnerName}.',
  },
  receiptBodyP3: {
    id: 'mail.template.receipt.body.p3',
    defaultMessage: 'View your receipt online: {receiptUrl}',
  },
  updateNoticeSubject: {
    id: 'mail.template.updateNotice.subject',
    defaultMessage: '{partnerName}: an update about {recordFirstName}',
  },
  updateNoticeBodyP1: { id: 'mail.template.updateNotice.body.p1', defaultMessage: 'Hello {donorName},' },
  updateNoticeBodyP2: {
    id: 'mail.template.updateNotice.body.p2',
    defaultMessage:
      '{recordName}, whom you sponsor through {partnerName}, is no longer listed on our site. Your sponsorship has not been changed: we will write to you about what comes next.',
  },
  updateNoticeBodyP3: {
    id: 'mail.template.updateNotice.body.p3',
    defaultMessage: 'Thank you for your support.\n{partnerName}',
  },
  invitationSubject: {
    id: 'mail.template.invitation.subject',
    defaultMessage: 'You are invited to join {partnerName}',
  },
  invitationBodyP1: { id: 'mail.template.invitation.body.p1', defaultMessage: 'Hello,' },
  invitationBodyP2: {
    id: 'mail.template.invitation.body.p2',
    defaultMessage: '{inviterName} invites you to help run {partnerName}’s sponsorship site.',
  },
  invitationBodyP3: {
    id: 'mail.template.invitation.body.p3',
    defaultMessage: 'Accept the invitation: {invitationUrl}',
  },
  invitationBodyP4: {
    id: 'mail.template.invitation.body.p4',
    defaultMessage: 'The link works once and expires in 7 days.',
  },
  reminderSubject: { id: 'mail.template.reminder.subject', defaultMessage: 'A reminder from {partnerName}' },
  reminderBodyP1: { id: 'mail.template.reminder.body.p1', defaultMessage: 'Hello {donorName},' },
  reminderBodyP2: {
    id: 'mail.template.reminder.body.p2',
    defaultMessage:
      'Your sponsorship of {recordFirstName} ({amount}) renews soon. You can review it on {siteUrl}.',
  },
  reminderBodyP3: { id: 'mail.template.reminder.body.p3', defaultMessage: '{partnerName}' },
  letterNoticeSubject: {
    id: 'mail.template.letterNotice.subject',
    defaultMessage: 'News of your letters with {recordFirstName}',
  },
  letterNoticeBodyP1: { id: 'mail.template.letterNotice.body.p1', defaultMessage: 'Hello {donorName},' },
  letterNoticeBodyP2: { id: 'mail.template.letterNotice.body.p2', defaultMessage: '{news}' },
  letterNoticeBodyP3: {
    id: 'mail.template.letterNotice.body.p3',
    defaultMessage: 'Your letters are in your account: {lettersUrl}',
  },
  letterNoticeBodyP4: { id: 'mail.template.letterNotice.body.p4', defaultMessage: '{partnerName}' },
});
const d = templateDefaultMessages;

const partnerName: Placeholder = { name: 'partnerName', description: 'Your organisation’s name', sample: '' };
const siteUrl: Placeholder = { name: 'siteUrl', description: 'The address of your site', sample: '' };

/** The kinds a partner may word; a new outbox kind plugs in with an entry here (and its sender calls `partnerEmail`). */
export const TEMPLATE_KINDS: Record<EmailTemplateKind, KindDefinition> = {
  receipt: {
    label: 'Receipts',
    sentWhen:
      'After every payment: a sponsorship payment or a donation. The receipt’s details (number, date, amount, tax notice) and its PDF always follow your words.',
    placeholders: [
      { name: 'donorName', description: 'The donor’s name', sample: 'Ada Lovelace' },
      { name: 'amount', description: 'The amount paid', sample: '$35.00' },
      { name: 'description', description: 'What was paid for', sample: 'Monthly sponsorship of Amina' },
      { name: 'date', description: 'The payment date', sample: '11/24/2026' },
      { name: 'receiptUrl', description: 'Link to the receipt online', sample: '' },
      partnerName,
    ],
    defaultSubject: d.receiptSubject,
    defaultBody: [d.receiptBodyP1, d.receiptBodyP2, d.receiptBodyP3],
  },
  update_notice: {
    label: 'Update notices',
    sentWhen: 'When a record someone sponsors is no longer listed, to each of its sponsors.',
    placeholders: [
      { name: 'donorName', description: 'The sponsor’s first name', sample: 'Ada' },
      { name: 'recordFirstName', description: 'The sponsored person’s first name', sample: 'Amina' },
      { name: 'recordName', description: 'The sponsored record’s name', sample: 'Amina Yusuf' },
      siteUrl,
      partnerName,
    ],
    defaultSubject: d.updateNoticeSubject,
    defaultBody: [d.updateNoticeBodyP1, d.updateNoticeBodyP2, d.updateNoticeBodyP3],
  },
  invitation: {
    label: 'Invitations',
    sentWhen: 'When an administrator invites a person to the team.',
    placeholders: [
      { name: 'inviteeEmail', description: 'The invited person’s email', sample: 'grace@example.org' },
      { name: 'inviterName', description: 'Who sent the invitation', sample: 'Ada Lovelace' },
      { name: 'invitationUrl', description: 'The link to accept the invitation', sample: '' },
      partnerName,
    ],
    defaultSubject: d.invitationSubject,
    defaultBody: [d.invitationBodyP1, d.invitationBodyP2, d.invitationBodyP3, d.invitationBodyP4],
  },
  reminder: {
    label: 'Reminders',
    sentWhen: 'Before a sponsorship payment, to its sponsor.',
    placeholders: [
      { name: 'donorName', description: 'The sponsor’s first name', sample: 'Ada' },
      { name: 'recordFirstName', description: 'The sponsored person’s first name', sample: 'Amina' },
      { name: 'amount', description: 'The amount to be paid', sample: '$35.00' },
      siteUrl,
      partnerName,
    ],
    defaultSubject: d.reminderSubject,
    defaultBody: [d.reminderBodyP1, d.reminderBodyP2, d.reminderBodyP3],
  },
  letter_notice: {
    label: 'Letter notices',
    sentWhen:
      'When a reply from the person someone sponsors is approved for them, and when their own letter is delivered or cannot be passed on (with your team’s reason).',
    placeholders: [
      { name: 'donorName', description: 'The sponsor’s first name', sample: 'Ada' },
      { name: 'recordFirstName', description: 'The sponsored person’s first name', sample: 'Amina' },
      {
        name: 'news',
        description: 'What happened, in one or two sentences',
        sample: 'Amina has written to you.',
      },
      { name: 'lettersUrl', description: 'The sponsor’s letters page', sample: '' },
      partnerName,
    ],
    defaultSubject: d.letterNoticeSubject,
    defaultBody: [d.letterNoticeBodyP1, d.letterNoticeBodyP2, d.letterNoticeBodyP3, d.letterNoticeBodyP4],
  },
};

export type TemplateValues = Partial<Record<string, string>>;

/** A kind's built-in wording in `locale`, as a template: its placeholders as `{{name}}` tags. */
export function defaultTemplate(kind: EmailTemplateKind, locale: Locale): { subject: string; body: string } {
  const def = TEMPLATE_KINDS[kind];
  const tags: Record<string, string> = {};
  for (const p of def.placeholders) tags[p.name] = `{{${p.name}}}`;
  const say = sayIn(locale);
  return {
    subject: say(def.defaultSubject, tags),
    body: def.defaultBody.map((paragraph) => say(paragraph, tags)).join('\n\n'),
  };
}

/** What a rendered message needs of its partner for the branded frame. */
export interface EmailBrand {
  partner: Pick<PartnerRow, 'name' | 'brandColor' | 'supportEmail'>;
  /** Absolute address of the partner's logo, or null. */
  logoUrl: string | null;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Why a template text cannot be used, or null: only text and {{name}} tags of the kind's list. */
export function templateProblem(kind: EmailTemplateKind, template: string): string | null {
  let tokens: unknown[][];
  try {
    tokens = Mustache.parse(template, ['{{', '}}']) as unknown[][];
  } catch (error) {
    return `The template cannot be read: ${(error as Error).message}.`;
  }
  const allowed = TEMPLATE_KINDS[kind].placeholders.map((p) => p.name);
  for (const token of tokens) {
    const [type, value] = token as [string, string];
    if (type === 'text') continue;
    if (type !== 'name')
      return 'Only placeholders like {{donorName}} can be used: no sections, partials or triple braces.';
    if (!allowed.includes(value))
      return `{{${value}}} is not a placeholder of this message. Use: ${allowed.map((n) => `{{${n}}}`).join(', ')}.`;
  }
  return null;
}

function renderText(template: string, values: TemplateValues, allowed: string[]): string {
  const view = Object.create(null) as Record<string, string>;
  for (const name of allowed) view[name] = values[name] ?? '';
  return Mustache.render(template, view, {}, { escape: (value: unknown) => String(value) });
}

/** Escaped text as paragraphs, its http(s) addresses as links. */
function paragraphsHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map(
      (p) =>
        `<p>${escapeHtml(p)
          .replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`)
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
}

const safeColor = (color: string) => (/^#[0-9a-fA-F]{6}$/.test(color) ? color : '#1c7ed6');

/** The partner's frame: a band in its brand colour with its logo and name, the words, its support address. */
export function brandedHtml(brand: EmailBrand, innerHtml: string): string {
  const name = escapeHtml(brand.partner.name);
  return [
    '<!doctype html><html><body style="font-family:sans-serif;max-width:36rem;margin:2rem auto;color:#222">',
    `<div style="background:${safeColor(brand.partner.brandColor)};padding:12px 16px;border-radius:6px 6px 0 0;color:#fff">`,
    brand.logoUrl
      ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${name}" height="40" style="vertical-align:middle;margin-right:8px;background:#fff;border-radius:4px">`
      : '',
    `<strong style="font-size:1.1rem;vertical-align:middle">${name}</strong></div>`,
    '<div style="padding:8px 16px;border:1px solid #ddd;border-top:0;border-radius:0 0 6px 6px">',
    innerHtml,
    brand.partner.supportEmail
      ? `<p style="color:#555;font-size:0.9rem">${escapeHtml(brand.partner.supportEmail)}</p>`
      : '',
    '</div></body></html>',
  ].join('\n');
}

/**
 * A template rendered with values: the subject and text with the values as they are, the HTML
 * escaped throughout in the partner's frame. `appendix` is the sender's own fixed part (a
 * receipt's details), already safe.
 */
export function renderTemplate(
  kind: EmailTemplateKind,
  template: { subject: string; body: string },
  values: TemplateValues,
  brand: EmailBrand,
  appendix?: { text: string; html: string },
): RenderedEmail {
  const allowed = TEMPLATE_KINDS[kind].placeholders.map((p) => p.name);
  const subject = renderText(template.subject, values, allowed).replace(/\s+/g, ' ').trim();
  const body = renderText(template.body, values, allowed).trim();
  return {
    subject,
    text: appendix ? `${body}\n\n${appendix.text}` : `${body}\n`,
    html: brandedHtml(brand, paragraphsHtml(body) + (appendix ? `\n${appendix.html}` : '')),
  };
}

/**
 * The partner's own wording of a message in the recipient's `locale` (decision 073), rendered: its
 * version in that locale, else its version in the partner's default locale; null when the partner
 * has neither (or feature 12 is off): the sender then uses its built-in wording in `locale`. For
 * senders in other modules; `locale` left out is the partner's default.
 */
export async function partnerEmail(
  db: Queryable,
  partner: PartnerRow,
  kind: EmailTemplateKind,
  values: TemplateValues,
  brand: EmailBrand,
  appendix?: { text: string; html: string },
  locale?: Locale,
): Promise<RenderedEmail | null> {
  if (!(await hasFeature(db, partner.id, Feature.EmailTemplates))) return null;
  const { defaultLocale } = partnerLocales(partner.defaultLocale, partner.locales);
  const wanted = locale ?? defaultLocale;
  const versions = await findTemplateVersions(db, partner.id, kind, [wanted, defaultLocale]);
  // A stored template was checked when saved; one that no longer passes is not used.
  const usable = versions.filter((v) => !templateProblem(kind, v.subject) && !templateProblem(kind, v.body));
  const stored = usable.find((v) => v.locale === wanted) ?? usable.find((v) => v.locale === defaultLocale);
  if (!stored) return null;
  return renderTemplate(kind, stored, { partnerName: partner.name, ...values }, brand, appendix);
}

// ------------------------------------------------------------------------------------ staff API

/** Links in the site's own origin, for previews and test sends. */
export interface SiteLinks {
  origin: string;
}

export const TEMPLATE_LOCALE_NOT_OFFERED = 'This site does not offer that language.';

/**
 * The locale a staff request's version is in: the one asked for, which must be offered (a clear 400
 * otherwise), else the partner's default.
 */
export function templateLocaleOf(partner: PartnerRow, asked: unknown): Locale {
  const { defaultLocale, locales } = partnerLocales(partner.defaultLocale, partner.locales);
  if (asked === undefined || asked === null || asked === '') return defaultLocale;
  if (!isLocale(asked) || !locales.includes(asked)) throw badRequest(TEMPLATE_LOCALE_NOT_OFFERED);
  return asked;
}

/** The `locale` field of a PUT/DELETE/preview body, when the body is an object. */
export const bodyLocale = (body: unknown): unknown =>
  body && typeof body === 'object' && 'locale' in body ? (body as { locale: unknown }).locale : undefined;

function kindOf(kind: string): EmailTemplateKind {
  if (!(EMAIL_TEMPLATE_KINDS as readonly string[]).includes(kind))
    throw refuse(ERRORS.TEMPLATE_NOT_FOUND, `There is no email template called ${kind}.`);
  return kind as EmailTemplateKind;
}

function sampleValues(
  kind: EmailTemplateKind,
  partner: PartnerRow,
  links: SiteLinks,
  locale: Locale = 'en-US',
): TemplateValues {
  const values: TemplateValues = {};
  for (const p of TEMPLATE_KINDS[kind].placeholders) values[p.name] = p.sample;
  // A version in another language previews its money and dates as its recipients will read them.
  if (locale !== 'en-US') {
    if (values.amount) values.amount = formatCentsIn(locale, partner.currency, 3500);
    if (values.date) values.date = formatDateIn(locale, '2026-11-24');
  }
  values.partnerName = partner.name;
  values.siteUrl = links.origin;
  values.receiptUrl = `${links.origin}/receipts/SAMPLE-0001`;
  values.invitationUrl = `${links.origin}/signup?invitation=sample`;
  return values;
}

function brandOf(partner: PartnerRow, links: SiteLinks): EmailBrand {
  return {
    partner,
    logoUrl: partner.logo
      ? `${links.origin}/media/${partner.logo.split('/').map(encodeURIComponent).join('/')}`
      : null,
  };
}

function validTemplate(kind: EmailTemplateKind, body: unknown): { subject: string; body: string } {
  const { locale: _locale, ...input } = parseInput(emailTemplateInputSchema, body);
  const errors: Record<string, string> = {};
  const subjectProblem = templateProblem(kind, input.subject);
  const bodyProblem = templateProblem(kind, input.body);
  if (subjectProblem) errors.subject = subjectProblem;
  if (bodyProblem) errors.body = bodyProblem;
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return input;
}

/**
 * GET dashboard/emailtemplates: every kind with the partner's wording in one locale (`?locale=`,
 * else the default locale) or the built-in wording in that locale.
 */
export async function listEmailTemplates(
  db: Db,
  ctx: SiteContext,
  askedLocale?: unknown,
): Promise<EmailTemplatesAnswer> {
  requireAccess(ctx, 'settings.manage');
  const locale = templateLocaleOf(ctx.partner, askedLocale);
  const [stored, enabled] = await Promise.all([
    findTemplates(db, ctx.partner.id, locale),
    hasFeature(db, ctx.partner.id, Feature.EmailTemplates),
  ]);
  const templates: EmailTemplate[] = EMAIL_TEMPLATE_KINDS.map((kind) => {
    const def = TEMPLATE_KINDS[kind];
    const own = stored.find((s) => s.kind === kind);
    const builtIn = defaultTemplate(kind, locale);
    return {
      kind,
      label: def.label,
      sentWhen: def.sentWhen,
      placeholders: def.placeholders.map(({ name, description, sample }) => ({ name, description, sample })),
      subject: own?.subject ?? builtIn.subject,
      body: own?.body ?? builtIn.body,
      custom: Boolean(own),
      defaultSubject: builtIn.subject,
      defaultBody: builtIn.body,
    };
  });
  const { locales } = partnerLocales(ctx.partner.defaultLocale, ctx.partner.locales);
  return { enabled, locale, locales, templates };
}

/** PUT dashboard/emailtemplates/{kind}: the partner's wording, checked. */
export async function saveEmailTemplate(
  db: Db,
  ctx: SiteContext,
  kindName: string,
  body: unknown,
): Promise<EmailTemplatesAnswer> {
  requireAccess(ctx, 'settings.manage');
  const kind = kindOf(kindName);
  const locale = templateLocaleOf(ctx.partner, bodyLocale(body));
  const input = validTemplate(kind, body);
  await db.transaction(async (tx) => {
    const before = await findTemplate(tx, ctx.partner.id, kind, locale);
    await upsertTemplate(tx, { partnersId: ctx.partner.id, kind, locale, ...input });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'email_template.saved',
      entityType: 'email_template',
      entityId: kind,
      before: before ? { subject: before.subject, body: before.body } : null,
      after: input,
      details: { locale },
    });
  });
  return listEmailTemplates(db, ctx, locale);
}

/** DELETE dashboard/emailtemplates/{kind}: one locale's version back to the default wording. */
export async function resetEmailTemplate(
  db: Db,
  ctx: SiteContext,
  kindName: string,
  askedLocale?: unknown,
): Promise<EmailTemplatesAnswer> {
  requireAccess(ctx, 'settings.manage');
  const kind = kindOf(kindName);
  const locale = templateLocaleOf(ctx.partner, askedLocale);
  await db.transaction(async (tx) => {
    const before = await findTemplate(tx, ctx.partner.id, kind, locale);
    if (!before) return;
    await deleteTemplate(tx, ctx.partner.id, kind, locale);
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'email_template.reset',
      entityType: 'email_template',
      entityId: kind,
      before: { subject: before.subject, body: before.body },
      after: null,
      details: { locale },
    });
  });
  return listEmailTemplates(db, ctx, locale);
}

/** POST dashboard/emailtemplates/{kind}/preview: the draft rendered with sample values, nothing stored. */
export async function previewEmailTemplate(
  db: Db,
  ctx: SiteContext,
  kindName: string,
  body: unknown,
  links: SiteLinks,
  askedLocale?: unknown,
): Promise<EmailPreview> {
  requireAccess(ctx, 'settings.manage');
  const kind = kindOf(kindName);
  const locale = templateLocaleOf(ctx.partner, askedLocale ?? bodyLocale(body));
  const input = validTemplate(kind, body);
  return renderTemplate(
    kind,
    input,
    sampleValues(kind, ctx.partner, links, locale),
    brandOf(ctx.partner, links),
  );
}

export const TEST_SUBJECT_PREFIX = '[Test] ';

/**
 * POST dashboard/emailtemplates/{kind}/test: the draft rendered with sample values and sent to the
 * person asking (their own address only), through the outbox.
 */
export async function sendTestEmail(
  db: Db,
  ctx: SiteContext,
  kindName: string,
  body: unknown,
  links: SiteLinks,
  askedLocale?: unknown,
): Promise<{ to: string }> {
  requireAccess(ctx, 'settings.manage');
  const kind = kindOf(kindName);
  const locale = templateLocaleOf(ctx.partner, askedLocale ?? bodyLocale(body));
  const input = validTemplate(kind, body);
  const to = ctx.viewer?.email;
  if (!to) throw badRequest('Your account has no email address to send the test to.');
  const email = renderTemplate(
    kind,
    input,
    sampleValues(kind, ctx.partner, links, locale),
    brandOf(ctx.partner, links),
  );
  await db.transaction(async (tx) => {
    const id = await queueOutboxMessage(tx, {
      partnersId: ctx.partner.id,
      kind,
      dedupeKey: `template-test:${ctx.partner.id}:${kind}:${randomUUID()}`,
      toAddress: to,
      subject: `${TEST_SUBJECT_PREFIX}${email.subject}`,
      bodyText: email.text,
      bodyHtml: email.html,
    });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'email_template.test_sent',
      entityType: 'email_template',
      entityId: kind,
      details: { outboxId: id, to },
    });
  });
  return { to };
}
