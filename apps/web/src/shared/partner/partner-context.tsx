import type { PartnerPublic } from '@kinship/domain';
import { createContext, useContext } from 'react';

export const PartnerContext = createContext<PartnerPublic | null>(null);

/** The partner whose site this is; available everywhere under the site shell. */
export function usePartner(): PartnerPublic {
  const partner = useContext(PartnerContext);
  if (!partner) throw new Error('usePartner must be used inside the partner site');
  return partner;
}
