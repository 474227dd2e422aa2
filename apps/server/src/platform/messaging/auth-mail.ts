import { isSafeReturnPath } from '@kinship/domain';
import type { PartnerRow } from '../../db/types.ts';
import { partnerSender, type MailMessage } from './mail.ts';
import { resolveTenantOf, type PartnerLookup, type TenantSettings } from '../tenant.ts';

/** The partner site an auth request came from, and the origin its links point at. */
export interface AuthSite {
  partner: PartnerRow;
  origin: string;
}

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

export function verificationMessage(site: AuthSite, to: string, link: string): MailMessage {
  const { partner } = site;
  const paragraphs = [
    `Welcome to ${partner.name}!`,
    'Please confirm your email address to finish signing up.',
    `This link expires in ${VERIFICATION_LINK_HOURS} hours. If you did not sign up at ${site.origin}, you can ignore this message.`,
  ];
  return {
    to,
    sender: partnerSender(partner),
    subject: `Confirm your email for ${partner.name}`,
    text: `${paragraphs[0]}\n\n${paragraphs[1]}\n${link}\n\n${paragraphs[2]}\n\n${signature(partner)}\n`,
    html: htmlMail(partner, paragraphs, { href: link, label: 'Confirm my email' }),
  };
}

export function resetPasswordMessage(site: AuthSite, to: string, link: string): MailMessage {
  const { partner } = site;
  const paragraphs = [
    `Someone asked to reset the password of your ${partner.name} account (${to}).`,
    `To choose a new password, open this link within ${RESET_LINK_HOURS} hour.`,
    'If it was not you, ignore this message: your password stays as it is.',
  ];
  return {
    to,
    sender: partnerSender(partner),
    subject: `Reset your ${partner.name} password`,
    text: `${paragraphs[0]}\n\n${paragraphs[1]}\n${link}\n\n${paragraphs[2]}\n\n${signature(partner)}\n`,
    html: htmlMail(partner, paragraphs, { href: link, label: 'Choose a new password' }),
  };
}

/** Tells the owner of an account that many wrong passwords were tried on it (decision 015). */
export function failedSignInsMessage(
  site: AuthSite,
  to: string,
  failures: number,
  minutes: number,
): MailMessage {
  const { partner } = site;
  const link = new URL('/reset-password', site.origin).toString();
  const paragraphs = [
    `Someone tried to sign in to your ${partner.name} account (${to}) with a wrong password ${failures} times in the last ${minutes} minutes.`,
    'If it was you, there is nothing to do. If not, your account is safe while the password is not guessed; sign-ins from the addresses that tried are held back for a while. To be sure, choose a new password:',
    'You can still sign in as usual with your password.',
  ];
  return {
    to,
    sender: partnerSender(partner),
    subject: `Failed sign-in attempts on your ${partner.name} account`,
    text: `${paragraphs[0]}\n\n${paragraphs[1]}\n${link}\n\n${paragraphs[2]}\n\n${signature(partner)}\n`,
    html: htmlMail(partner, paragraphs, { href: link, label: 'Choose a new password' }),
  };
}
