import type { PartnerPublic } from '@kinship/domain';

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

/** Page title: the partner's name, optionally after the page's own name (`About · Hope Schools`). */
export function pageTitle(partnerName: string, page?: string | null): string {
  return page ? `${page} · ${partnerName}` : partnerName;
}

/**
 * Title and sharing tags carry the partner's name and tagline only: never a sponsored record's
 * name, which may be masked.
 */
export function applyPartnerHead(partner: Pick<PartnerPublic, 'name' | 'tagline'>): void {
  document.title = pageTitle(partner.name);
  const description = partner.tagline?.trim() || `Sponsor and give with ${partner.name}.`;
  setMeta('name', 'description', description);
  setMeta('property', 'og:title', partner.name);
  setMeta('property', 'og:site_name', partner.name);
  setMeta('property', 'og:description', description);
}
