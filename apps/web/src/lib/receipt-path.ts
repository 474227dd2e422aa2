/**
 * A receipt URL the server answered (absolute, on the partner's site) as a path of this app when it
 * is one (`/receipts/{code}`), so the link stays in the app; anything else is kept as it is.
 */
export function receiptPath(receiptUrl: string): { internal: boolean; href: string } {
  try {
    const url = new URL(receiptUrl, window.location.origin);
    if (url.pathname.startsWith('/receipts/'))
      return { internal: true, href: `${url.pathname}${url.search}` };
    return { internal: false, href: url.toString() };
  } catch {
    return { internal: false, href: receiptUrl };
  }
}
