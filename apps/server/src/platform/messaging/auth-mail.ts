import { defineMessages } from '@formatjs/intl';
import { isSafeReturnPath, type Locale } from '@kinship/domain';
import type { PartnerRow } from '../../db/types.ts';
import { sayIn } from '../messages.ts';
import { partnerSender, type MailMessage } from './mail.ts';
import { resolveTenantOf, type PartnerLookup, type TenantSettings } from '../tenant.ts';

/** The partner site an auth request came from, and the origin its links point at. */
export interface AuthSite {
  partner: PartnerRow;
  origin: string;
}

/** The account mails' words (decision 073); the English defaults are today's mails. */
export const authMailMessages = defineMessages({
  verifySubject: { id: 'mail.auth.verifySubject', defaultMessage: 'Confirm your email for {partnerName}' },
  verifyWelcome: { id: 'mail.auth.verifyWelcome', defaultMessage: 'Welcome to {partnerName}!' },
  verifyConfirm: {
    id: 'mail.auth.verifyConfirm',
    defaultMessage: 'Please confirm your email address to finish signing up.',
  },
  verifyExpires: {
    id: 'mail.auth.verifyExpires',
    defaultMessage:
      'This link expires in {hours} hours. If you did not sign up at {origin}, you can ignore this message.',
  },
  verifyButton: { id: 'mail.auth.verifyButton', defaultMessage: 'Confirm my email' },
  resetSubject: { id: 'mail.auth.resetSubject', defaultMessage: 'Reset your {partnerName} password' },
  resetAsked: {
    id: 'mail.auth.resetAsked',
    defaultMessage: 'Someone asked to reset the password of your {partnerName} account ({email}).',
  },
  resetWithin: {
    id: 'mail.auth.resetWithin',
    defaultMessage: 'To choose a new password, open this link within {hours} hour.',
  },
  resetNotYou: {
    id: 'mail.auth.resetNotYou',
    defaultMessage: 'If it was not you, ignore this message: your password stays as it is.',
  },
  newPasswordButton: { id: 'mail.auth.newPasswordButton', defaultMessage: 'Choose a new password' },
  failedSubject: {
    id: 'mail.auth.failedSubject',
    defaultMessage: 'Failed sign-in attempts on your {partnerName} account',
  },
  failedTried: {
    id: 'mail.auth.failedTried',
    defaultMessage:
      'Someone tried to sign in to your {partnerName} account ({email}) with a wrong password {failures} times in the last {minutes} minutes.',
  },
  failedWhatToDo: {
    id: 'mail.auth.failedWhatToDo',
    defaultMessage:
      'If it was you, there is nothing to do. If not, your account is safe while the password is not guessed; sign-ins from the addresses that tried are held back for a while. To be sure, choose a new password:',
  },
  failedStill: {
    id: 'mail.auth.failedStill',
    defaultMessage: 'You can still sign in as usual with your password.',
  },
});
const am = authMailMessages;

/** Hours a verification link stays valid (better-auth's emailVerification.expiresIn, in seconds, is set from it). */
export const VERIFICATION_LINK_HOURS = 24;
/** Hours a password reset link stays valid. */
export const RESET_LINK_HOURS = 1;

/**
 * The site of an auth request: the partner its host names (a bare host: `?partnersId=`, `?partner=`
 * or the default partner), with the request's own origin, so every link in the mail opens the site
 * the person is on. Null when the host names no partner: no mail links to an unknown host.
 */
export async function authSiteOf(
  partners: PartnerLookup,
  request: Request,
  options: TenantSettings,
): Promise<AuthSite | null> {
  const url = new URL(request.url);
  try {
    const partner = await resolveTenantOf(partners, url.host, Object.fromEntries(url.searchParams), options);
    return { partner, origin: url.origin };
  } catch {
    return null;
  }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function signature(partner: PartnerRow): string {
  return partner.supportEmail ? `${partner.name}\n${partner.supportEmail}` : partner.name;
}

function htmlMail(partner: PartnerRow, paragraphs: string[], link: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return [
    `<!doctype html><html><body style="font-family:sans-serif;max-width:36rem;margin:2rem auto;color:#222">`,
    `<h2>${escapeHtml(partner.name)}</h2>`,
    body,
    `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:.6rem 1.2rem;background:${escapeHtml(partner.brandColor)};color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(link.label)}</a></p>`,
    `<p style="font-size:.85rem;color:#666">${escapeHtml(link.href)}</p>`,
    `<p style="font-size:.85rem;color:#666">${escapeHtml(signature(partner)).replace('\n', '<br>')}</p>`,
    `</body></html>`,
  ].join('\n');
}

/**
 * The verification link on the partner's site. better-auth's own link is rebased on the site's
 * origin; after verifying, the visitor returns to the page of the site the sign-up named (the page
 * they started from: a redeem page, checkout, an invitation; decision 054), else to the site's
 * /redirect page (the login return address). Anything but a path of the site is never kept.
 */
export function verificationLink(betterAuthUrl: string, origin: string): string {
  const source = new URL(betterAuthUrl);
  const link = new URL(`${source.pathname}${source.search}`, origin);
  const callback = link.searchParams.get('callbackURL');
  if (!callback || callback === '/' || !isSafeReturnPath(callback))
    link.searchParams.set('callbackURL', '/redirect');
  return link.toString();
}

/** The reset page of the partner's site (built by the web app), carrying the token. */
export function resetPasswordLink(token: string, origin: string): string {
  const link = new URL('/reset-password', origin);
  link.searchParams.set('token', token);
  return link.toString();
}

/** The sign-up's verification mail, in `locale` (en-US when none is given). */
export function verificationMessage(
  site: AuthSite,
  to: string,
  link: string,
  locale: Locale = 'en-US',
): MailMessage {
  const { partner } = site;
  const say = sayIn(locale);
  const paragraphs = [
    say(am.verifyWelcome, { partnerName: partner.name }),
    say(am.verifyConfirm),
    say(am.verifyExpires, { hours: VERIFICATION_LINK_HOURS, origin: site.origin }),
  ];
  return {
    to,
    sender: partnerSender(partner),
    subject: say(am.verifySubject, { partnerName: partner.name }),
    text: `${paragraphs[0]}\n\n${paragraphs[1]}\n${link}\n\n${paragraphs[2]}\n\n${signature(partner)}\n`,
    html: htmlMail(partner, paragraphs, { href: link, label: say(am.verifyButton) }),
  };
}

/** The password reset mail, in `locale` (en-US when none is given). */
export function resetPasswordMessage(
  site: AuthSite,
  to: string,
  link: string,
  locale: Locale = 'en-US',
): MailMessage {
  const { partner } = site;
  const say = sayIn(locale);
  const paragraphs = [
    say(am.resetAsked, { partnerName: partner.name, email: to }),
    say(am.resetWithin, { hours: RESET_LINK_HOURS }),
    say(am.resetNotYou),
  ];
  return {
    to,
    sender: partnerSender(partner),
    subject: say(am.resetSubject, { partnerName: partner.name }),
    text: `${paragraphs[0]}\n\n${paragraphs[1]}\n${link}\n\n${paragraphs[2]}\n\n${signature(partner)}\n`,
    html: htmlMail(partner, paragraphs, { href: link, label: say(am.newPasswordButton) }),
  };
}

/** Tells the owner of an account that many wrong passwords were tried on it (decision 015). */
export function failedSignInsMessage(
  site: AuthSite,
  to: string,
  failures: number,
  minutes: number,
  locale: Locale = 'en-US',
): MailMessage {
  const { partner } = site;
  const say = sayIn(locale);
  const link = new URL('/reset-password', site.origin).toString();
  const paragraphs = [
    say(am.failedTried, { partnerName: partner.name, email: to, failures, minutes }),
    say(am.failedWhatToDo),
    say(am.failedStill),
  ];
  return {
    to,
    sender: partnerSender(partner),
    subject: say(am.failedSubject, { partnerName: partner.name }),
    text: `${paragraphs[0]}\n\n${paragraphs[1]}\n${link}\n\n${paragraphs[2]}\n\n${signature(partner)}\n`,
    html: htmlMail(partner, paragraphs, { href: link, label: say(am.newPasswordButton) }),
  };
}
