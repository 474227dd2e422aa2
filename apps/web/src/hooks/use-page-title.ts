import { useEffect } from 'react';
import { usePartner } from '../shared/partner/partner-context';
import { pageTitle } from '../lib/document-head';

/** Sets `document.title` to `${page} · ${partner name}` while the page is shown. */
export function usePageTitle(page?: string | null): void {
  const { name } = usePartner();
  useEffect(() => {
    document.title = pageTitle(name, page);
    return () => {
      document.title = pageTitle(name);
    };
  }, [name, page]);
}
